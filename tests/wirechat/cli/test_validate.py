"""``wirechat validate``: every outcome and every error path, through the real command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES_DIR, REPO_ROOT
from wirechat.cli import main

VALID_MESSAGE = b'{"role":"user","parts":[{"type":"text","text":"hi"}]}'


def run(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command, in a subprocess: what a user runs."""
    return subprocess.run(
        [sys.executable, "-m", "wirechat.cli", *args],
        input=stdin.decode(),
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def assert_no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout


def test_valid_file_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(VALID_MESSAGE)
    result = run("validate", "--type", "Message", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert "1 valid, 0 invalid" in result.stderr


def test_invalid_file_prints_file_line_pointer_message_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text('{\n  "role": "user",\n  "parts": [\n    {"type": "text", "text": 5}\n  ]\n}\n')
    result = run("validate", "--type", "Message", str(path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [f"{path}:4: /parts/0/text: Input should be a valid string (got 5)"]
    assert_no_traceback(result)


def test_missing_member_is_reported_on_the_line_of_its_object(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text('{\n  "role": "user",\n  "parts": [\n    {"type": "text"}\n  ]\n}\n')
    result = run("validate", "--type", "Message", str(path))
    assert result.stdout.startswith(f"{path}:4: /parts/0/text: required member is missing")


def test_syntax_error_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text('{\n  "role": "user",\n  "parts": [,]\n}\n')
    result = run("validate", "--type", "Message", str(path))
    assert result.returncode == 1
    assert result.stdout.startswith(f"{path}:3: ")
    assert_no_traceback(result)


def test_text_fault_is_reported_at_its_own_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text('{\n  "role": "user",\n  "parts": [],\n  "role": "tool"\n}\n')
    result = run("validate", "--type", "Message", str(path))
    assert result.stdout.splitlines() == [f'{path}:4: /role: duplicate member name "role" (line 4, column 3)']


def test_max_bytes_rejects_a_larger_document_before_parsing_it(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(b"{" * 40)  # broken too: the size is checked first
    result = run("validate", "--type", "Message", "--max-bytes", "39", str(path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{path}:1: (root): the document is 40 bytes, more than the limit of 39 bytes"
    ]
    assert run("validate", "--type", "Message", "--max-bytes", "0", str(path)).stdout.count("\n") == 1  # no limit


def test_max_bytes_defaults_to_64_mib(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(b'{"role":"user","parts":[{"type":"text","text":"' + b"x" * (64 * 1024 * 1024) + b'"}]}')
    result = run("validate", "--type", "Message", str(path))
    assert "more than the limit of 67108864 bytes" in result.stdout


def test_many_problems_are_capped_and_placed_in_one_pass(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    members = ",\n".join(f'"m{i:05d}": 1' for i in range(20_000))
    path.write_text('{"role": "user", "parts": [],\n' + members + "\n}\n")
    result = run("validate", "--type", "Message", str(path))
    lines = result.stdout.splitlines()
    assert len(lines) == 101 and lines[0] == f"{path}:2: /m00000: " + lines[0].split(": ", 2)[2]
    assert lines[-1] == f"{path}:1: (root): and 19900 more problems"


def test_ndjson_reports_the_line_of_each_bad_record(tmp_path: Path) -> None:
    path = tmp_path / "events.ndjson"
    lines = [
        b'{"type":"text_start","index":0}',
        b'{"type":"text_delta","index":0}',
        b"",
        b'{"type":"text_end","index":0}',
        b'{"type":"bogus"}',
    ]
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = run("validate", "--type", "StreamEvent", str(path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{path}:2: /text: required member is missing",
        f"{path}:5: /type: unknown tag 'bogus' (expected one of "
        + "'start', 'text_start', 'text_delta', 'text_end', 'reasoning_start', 'reasoning_delta', 'reasoning_end', "
        + "'tool_call_start', 'tool_call_delta', 'tool_call_end', 'part', 'usage', 'finish', 'error')",
    ]
    assert "4 document(s): 2 valid, 2 invalid" in result.stderr


def test_stdin_is_read_for_a_dash() -> None:
    assert run("validate", "--type", "Message", "-", stdin=VALID_MESSAGE).returncode == 0
    result = run("validate", "--type", "Message", "-", stdin=b'{"role":"user"}')
    assert result.returncode == 1
    assert result.stdout.startswith("<stdin>:1: /parts: required member is missing")


def test_stdin_as_ndjson() -> None:
    result = run("validate", "--type", "Message", "--format", "ndjson", "-", stdin=VALID_MESSAGE + b"\n{}\n")
    assert result.returncode == 1
    assert result.stdout.splitlines()[0].startswith("<stdin>:2: ")


def test_type_is_inferred_from_an_examples_folder() -> None:
    valid = sorted((EXAMPLES_DIR / "ChatRequest" / "valid").glob("*.json"))
    assert main(["validate", *map(str, valid)]) == 0


def test_type_is_inferred_from_a_snake_case_file_name(tmp_path: Path) -> None:
    path = tmp_path / "token_usage.json"
    path.write_bytes(b'{"input_tokens":1,"output_tokens":1,"total_tokens":2}')
    assert main(["validate", str(path)]) == 0


def test_every_valid_example_passes_with_the_type_taken_from_its_folder(capsys: pytest.CaptureFixture[str]) -> None:
    valid = sorted(EXAMPLES_DIR.glob("*/valid/*.json"))
    assert main(["validate", *map(str, valid)]) == 0
    assert f"{len(valid)} valid, 0 invalid" in capsys.readouterr().err


def test_unknown_type_is_a_usage_error_with_suggestions() -> None:
    result = run("validate", "--type", "Mesage", "x.json")
    assert result.returncode == 2
    assert "no wire type named 'Mesage'" in result.stderr and "Message" in result.stderr
    assert_no_traceback(result)


def test_type_that_cannot_be_inferred_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    path.write_bytes(VALID_MESSAGE)
    result = run("validate", str(path))
    assert result.returncode == 2
    assert "pass --type" in result.stderr


def test_stdin_without_a_type_is_a_usage_error() -> None:
    assert run("validate", "-", stdin=VALID_MESSAGE).returncode == 2


def test_unreadable_file_is_a_usage_error(tmp_path: Path) -> None:
    result = run("validate", "--type", "Message", str(tmp_path / "missing.json"))
    assert result.returncode == 2
    assert "cannot read" in result.stderr and "No such file" in result.stderr
    assert_no_traceback(result)


def test_a_directory_is_a_usage_error(tmp_path: Path) -> None:
    result = run("validate", "--type", "Message", str(tmp_path))
    assert result.returncode == 2
    assert_no_traceback(result)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["validate"],
        ["validate", "--format", "yaml", "-"],
        ["frobnicate"],
        ["validate", "--type"],
        ["validate", "--type", "Message", "--max-bytes", "-1", "-"],
        ["validate", "--type", "Message", "--max-bytes", "1MB", "-"],
    ],
)
def test_bad_arguments_are_usage_errors(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert_no_traceback(result)


def test_help_teaches() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "wirechat validate --type ChatRequest request.json" in result.stdout
    validate_help = run("validate", "--help").stdout
    assert "FILE:LINE: /pointer: message" in validate_help and "ChatRequest" in validate_help


@pytest.mark.parametrize(("raised", "code"), [(KeyboardInterrupt, 130), (BrokenPipeError, 1)])
def test_interrupts_and_closed_pipes_end_quietly(
    raised: type[BaseException], code: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(args: object) -> int:
        raise raised

    monkeypatch.setattr("wirechat.cli.validate.run", interrupted)
    assert main(["validate", "--type", "Message", "-"]) == code
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out


def test_output_into_a_closed_pipe_does_not_print_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "events.ndjson"
    path.write_text('{"type":"bogus"}\n' * 20000)
    command = f"{sys.executable} -m wirechat.cli validate --type StreamEvent {path} | head -n 1"
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120, check=False)
    assert result.stdout.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_an_invalid_schema_example_is_checked_by_its_document(capsys: pytest.CaptureFixture[str]) -> None:
    example = REPO_ROOT / "schema/v1/examples/Message/invalid/bad_role.json"
    assert main(["validate", str(example)]) == 1
    out, err = capsys.readouterr()
    assert f"{example}:5: /role:" in out  # the document's problem, at its line in the file
    assert "/reason" not in out and "/document" not in out  # the wrapper is not read as the document
    assert "an example of an invalid document" in err
