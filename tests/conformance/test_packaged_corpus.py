"""The suite as a product: an installation carries the corpus (``wirechat_conformance/_data``, listed in
conformance/pyproject.toml), finds it without a checkout, runs only the testees it can start, and takes a
team's own implementation under a new name with ``--testee NAME=COMMAND``, which joins the cases, the
rounds and the chain, and fails the run when it is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomllib
from wirechat_conformance import paths, testees
from wirechat_conformance.cli import main
from wirechat_conformance.paths import Layout, find_layout
from wirechat_conformance.testees import INSTALLED_LANGUAGES, command_for

from tests.conformance.conftest import broken
from tests.conftest import REPO_ROOT

CONFORMANCE = REPO_ROOT / "conformance"


def _packaged() -> dict[str, str]:
    project = tomllib.loads((CONFORMANCE / "pyproject.toml").read_text(encoding="utf-8"))
    included: dict[str, str] = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    return included


def test_the_wheel_carries_every_case_folder_but_the_adapter_vectors() -> None:
    included = _packaged()
    folders = {path.name for path in (CONFORMANCE / "cases").iterdir() if path.is_dir()} - {"adapters", "regressions"}
    assert {source.removeprefix("cases/") for source in included if source.startswith("cases/")} == folders
    assert all((CONFORMANCE / source).exists() for source in included)


def _install_data(into: Path) -> Path:
    """The ``_data`` folder as the wheel lays it out, made of links into the checkout."""
    for source, target in _packaged().items():
        place = into / Path(target).relative_to("wirechat_conformance/_data")
        place.parent.mkdir(parents=True, exist_ok=True)
        place.symlink_to((CONFORMANCE / source).resolve())
    return into


def test_an_installation_finds_its_corpus_and_runs_the_python_testees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _install_data(tmp_path / "_data")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.setattr(paths, "PACKAGED", data)
    monkeypatch.setattr(paths, "__file__", str(tmp_path / "site-packages" / "wirechat_conformance" / "paths.py"))
    monkeypatch.chdir(elsewhere)
    layout = find_layout()
    assert (layout.root, layout.installed) == (data, True)
    assert main(["--check-cases"]) == 0
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "one.json").write_text(
        '{"description": "one case", "cases": [{"op": "decode", "name": "a-text-part", "description": "a text part",'
        ' "type": "Part", "valid": true, "document": {"type": "text", "text": "hi"}}]}'
    )
    capsys.readouterr()
    assert main(["--cases", str(cases), "--no-builtin", "--examples", "0"]) == 0
    header = capsys.readouterr().out.splitlines()[0].split()
    assert header[1:] == list(INSTALLED_LANGUAGES)  # not typescript or go: their testees need the checkout


TWO_CASES = (
    '{"description": "two cases", "cases": ['
    '{"op": "decode", "name": "a-text-part", "description": "a text part", "type": "Part", "valid": true,'
    ' "document": {"type": "text", "text": "hi"}},'
    '{"op": "decode", "name": "an-extra-member", "description": "a text part with a member the schema lacks",'
    ' "type": "Part", "valid": false, "citation": "closed objects (section 3): no member the schema does not name",'
    ' "rule": "additionalProperties", "pointer": "/x", "document": {"type": "text", "text": "hi", "x": 1}}]}'
)


@pytest.fixture
def two_cases(tmp_path: Path) -> Path:
    (tmp_path / "two.json").write_text(TWO_CASES)
    return tmp_path


def _python_testee(layout: Layout) -> str:
    return " ".join(command_for("python", layout))


def test_a_testee_of_a_new_name_joins_the_run(
    layout: Layout, two_cases: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--lang", "python", "--testee", f"mine={_python_testee(layout)}", "--examples", "2",
                 "--types", "TokenUsage", "--cases", str(two_cases), "--no-builtin"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert out.splitlines()[0].split()[1:] == ["python", "mine"]
    assert "passed: " in out


def test_a_wrong_testee_of_a_new_name_fails_the_run(
    layout: Layout, two_cases: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = " ".join(broken("accept-unknown-members", command_for("python", layout)))
    code = main(["--lang", "python", "--testee", f"mine={wrong}", "--examples", "0", "--cases", str(two_cases),
                 "--no-builtin"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 1
    assert "two/an-extra-member" in out and "mine" in out


def test_a_new_name_needs_a_command(layout: Layout) -> None:
    with pytest.raises(testees.TesteeError, match="--testee zig=COMMAND"):
        command_for("zig", layout)
    with pytest.raises(SystemExit):
        main(["--testee", "Bad Name=cmd"])


def test_the_chain_takes_a_new_name_before_its_last_step() -> None:
    from wirechat_conformance import rounds  # noqa: PLC0415

    seen: list[str] = []

    class Echo:
        def __init__(self, name: str) -> None:
            self.name = name

    def decode(testee: Echo, _type: str, text: str) -> dict[str, object]:
        seen.append(testee.name)
        return {"ok": True, "canonical": text, "encoded": text}

    original = rounds._decode
    rounds._decode = decode  # type: ignore[assignment]
    try:
        testees = {name: Echo(name) for name in ("python", "mine", "go")}
        assert rounds._chain(testees, "TokenUsage", '{"input_tokens":1}', '{"input_tokens":1}') == {}  # type: ignore[arg-type]
    finally:
        rounds._decode = original
    assert seen == ["python", "go", "mine", "python"]


def test_the_wheel_carries_the_tool_loop_vectors_the_runner_reads(layout: Layout) -> None:
    target = _packaged()["vectors/tool-loop.json"]
    assert Path(target) == Path("wirechat_conformance/_data/conformance") / layout.tool_loop_vectors.relative_to(
        layout.conformance
    )
