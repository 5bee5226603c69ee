"""``wirechat_codegen.adapter_data`` and ``adapter_format``: what is refused in ``adapters/``, and the layout."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO_ROOT
from wirechat.cli import main
from wirechat_codegen.adapter_data import AdapterDataError, layout_problems, load_adapter_data
from wirechat_codegen.adapter_format import AdapterFileError, dumps


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(REPO_ROOT / "adapters", root / "adapters")
    shutil.copytree(REPO_ROOT / "schema", root / "schema")
    (root / "codegen").mkdir()
    return root


def _edit(root: Path, file: str, edit: Callable[[dict[str, Any]], None]) -> None:
    path = root / "adapters" / file
    document = json.loads(path.read_text())
    edit(document)
    path.write_text(dumps(document))


def test_the_committed_data_loads_and_is_in_the_layout() -> None:
    data = load_adapter_data(REPO_ROOT)
    assert len(data.adapters) == 7 and len(data.profiles) == 9
    assert layout_problems(REPO_ROOT) == []


def test_a_feature_declared_twice_in_one_group_is_refused(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "adapters" / "anthropic.adapter.json"
    text = path.read_text()
    path.write_text(text.replace('"degraded": {\n', '"degraded": {\n      "message.id": "twice",\n', 1))
    with pytest.raises(AdapterFileError, match=r"anthropic\.adapter\.json: .*message\.id"):
        load_adapter_data(root)


def _declared_twice(d: dict[str, Any]) -> None:
    d["features"]["lossless"].append("message.id")


def _type_of_kind(d: dict[str, Any]) -> None:
    d["errors"]["write"]["type_of_kind"]["timeout"] = "no_such_type"


def _rule_with_both(d: dict[str, Any]) -> None:
    d["errors"]["message_rules"][0]["matches"] = "too long"


@pytest.mark.parametrize(
    ("file", "edit", "problem"),
    [
        (
            "anthropic.adapter.json",
            lambda d: d["features"]["lossless"].remove("text"),
            "anthropic.adapter.json: /features: 'text' (features.json) is not declared",
        ),
        ("anthropic.adapter.json", _declared_twice, "/features/degraded: 'message.id' is also declared lossless"),
        (
            "gemini.adapter.json",
            lambda d: d["features"]["lossless"].append("made.up"),
            "'made.up' is neither in features.json nor in own_features",
        ),
        ("gemini.adapter.json", lambda d: d["finish"]["read"].update({"STOP": "done"}), "'done' is not a FinishKind"),
        (
            "gemini.adapter.json",
            lambda d: d["finish"]["write"].update({"stop": "FINISHED"}),
            "/finish/write/stop: 'FINISHED' is not a value finish.read knows",
        ),
        ("anthropic.adapter.json", _type_of_kind, "'no_such_type' has no status in status_of_type"),
        ("anthropic.adapter.json", _rule_with_both, "/errors/message_rules/0: exactly one of contains, matches"),
        (
            "openai-chat.adapter.json",
            lambda d: d["errors"]["cases"][0].update({"kind": "busy"}),
            "/errors/cases/0/kind: 'busy' is not an ErrorKind",
        ),
        (
            "anthropic.adapter.json",
            lambda d: d["usage"]["counts"].update({"tokens": {"sum": ["/x"]}}),
            "/usage/counts/tokens: not a TokenUsage member",
        ),
        (
            "anthropic.adapter.json",
            lambda d: d.update({"see": "http://example.com"}),
            "/see: 'http://example.com' is not https://",
        ),
        (
            "anthropic.adapter.json",
            lambda d: d["errors"]["write"]["status_of_type"].update({"api_error": 600}),
            "anthropic.adapter.json: /errors/write/status_of_type/api_error: 600 is greater than the maximum of 599",
        ),
        ("anthropic.adapter.json", lambda d: d.update({"colour": "red"}), "Additional properties are not allowed"),
        (
            "anthropic.adapter.json",
            lambda d: d["options_schema"].update({"type": "thing"}),
            "/options_schema: not a valid JSON Schema",
        ),
        (
            "gemini.adapter.json",
            lambda d: d["call_options_schemas"]["embed"].update({"additionalProperties": "no"}),
            "gemini.adapter.json: /call_options_schemas/embed: not a valid JSON Schema",
        ),
        (
            "gemini.adapter.json",
            lambda d: d["call_options_schemas"].update({"complete": {"type": "object"}}),
            "gemini.adapter.json: /call_options_schemas/complete: the adapter serves no complete call",
        ),
        (
            "gemini.adapter.json",
            lambda d: d["call_options_schemas"].update({"chat": {"type": "object"}}),
            "/call_options_schemas: Additional properties are not allowed ('chat' was unexpected)",
        ),
        (
            "profiles/groq.profile.json",
            lambda d: (
                d["finish"].update({"read": {"x": "maybe"}})
                if "finish" in d
                else d.update({"finish": {"read": {"x": "maybe"}}})
            ),
            "groq.profile.json: /finish/read/x: 'maybe' is not a FinishKind",
        ),
        (
            "openai-compatible.adapter.json",
            lambda d: d["profiles"].remove("vllm"),
            "the adapters' `profiles` lists",
        ),
        (
            "openai-compatible.adapter.json",
            lambda d: d.update({"extends": "openai-chatt"}),
            "/extends: no adapter 'openai-chatt'",
        ),
    ],
)
def test_a_broken_table_is_refused_naming_the_file_and_the_place(
    tmp_path: Path, file: str, edit: Callable[[dict[str, Any]], None], problem: str
) -> None:
    root = _copy(tmp_path)
    _edit(root, file, edit)
    with pytest.raises(AdapterDataError) as caught:
        load_adapter_data(root)
    assert any(problem in line for line in caught.value.problems), caught.value.problems


def test_the_schemas_follow_the_lint_keyword_rules(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _edit(root, "adapter.schema.json", lambda d: d["properties"]["title"].update({"default": "x"}))
    with pytest.raises(AdapterDataError, match=r"adapter\.schema\.json: /properties/title/default: no `default`"):
        load_adapter_data(root)


def test_the_layout_puts_what_fits_on_one_line() -> None:
    document = {"short": {"a": [1, 2]}, "long": {"text": "x" * 120}, "empty": {}}
    assert dumps(document) == (
        '{\n  "short": {"a": [1, 2]},\n  "long": {\n    "text": "' + "x" * 120 + '"\n  },\n  "empty": {}\n}\n'
    )


def test_fmt_check_lists_a_file_out_of_the_layout_and_fmt_fixes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy(tmp_path)
    path = root / "adapters" / "status.json"
    path.write_text(json.dumps(json.loads(path.read_text()), indent=4))
    assert main(["codegen", "fmt", "--check", "--root", str(root)]) == 1
    assert "adapters/status.json: not in the layout" in capsys.readouterr().out
    assert main(["codegen", "fmt", "--root", str(root)]) == 0
    assert "wrote adapters/status.json" in capsys.readouterr().out
    assert main(["codegen", "fmt", "--check", "--root", str(root)]) == 0
    assert path.read_text() == (REPO_ROOT / "adapters" / "status.json").read_text()


def test_codegen_check_refuses_broken_adapter_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _copy(tmp_path)
    _edit(root, "querymt.adapter.json", lambda d: d["features"]["refused"].pop("message.shape"))
    assert main(["codegen", "--check", "--root", str(root)]) == 1
    out = capsys.readouterr().out
    assert "adapters/querymt.adapter.json: /own_features/message.shape: described but not declared" in out
    assert "nothing generated" in out


def test_call_options_schemas_are_inherited_for_the_calls_served(tmp_path: Path) -> None:
    """An extending adapter or profile keeps the parent's call schemas of the calls it serves, no others."""
    root = _copy(tmp_path)
    embed, complete = {"type": "object", "maxProperties": 0}, {"type": "object"}
    calls = {"call_options_schemas": {"embed": embed, "complete": complete}}
    _edit(root, "openai-chat.adapter.json", lambda d: d.update(calls))
    data = load_adapter_data(root)
    assert data.adapters["openai-chat"].document["call_options_schemas"] == {"embed": embed, "complete": complete}
    assert data.adapters["openai-compatible"].document["call_options_schemas"] == {"embed": embed}  # no complete
    assert data.profiles["generic"].adapter["call_options_schemas"] == {"embed": embed}
    assert "call_options_schemas" not in data.profiles["deepseek"].adapter  # no /embeddings either
