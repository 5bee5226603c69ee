"""The case-file check: the corpus is well formed, and a malformed case is refused with its place named."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from wirechat_conformance.cases import CaseFileError, load_cases
from wirechat_conformance.cli import main
from wirechat_conformance.paths import Layout

GOOD: dict[str, Any] = {
    "op": "decode",
    "name": "a-case",
    "description": "a text part",
    "type": "Part",
    "valid": True,
    "document": {"type": "text", "text": "hi"},
}


def _load(tmp_path: Path, layout: Layout, *cases: dict[str, Any]) -> None:
    (tmp_path / "cases.json").write_text(json.dumps({"description": "test cases", "cases": list(cases)}))
    load_cases([tmp_path], layout.case_schema)


def test_the_corpus_is_well_formed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check-cases"]) == 0
    assert "cases are well formed" in capsys.readouterr().out


def test_a_good_case_loads(tmp_path: Path, layout: Layout) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "file.json").write_text(json.dumps({"description": "test cases", "cases": [GOOD]}))
    [case] = load_cases([tmp_path], layout.case_schema)
    assert case.id == "sub/file/a-case" and case.expected == '{"text":"hi","type":"text"}'


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"valid": False}, "'citation' is a required property"),
        ({"citation": "a rule"}, "must not have"),  # a citation on a valid case
        ({"rule": "required"}, "must not have"),  # a machine rule on a valid case
        ({"valid": False, "citation": "a rule", "rule": "closed objects"}, "is not one of"),  # not a rule name
        ({"type": "Nope"}, "no wire type named 'Nope'"),
        ({"description": "it should be accepted"}, "no 'should'"),
        ({"text": "{"}, "is valid under each of|is not valid under any"),  # text and document together
        ({"name": "Not Kebab"}, "does not match"),
        ({"colour": "red"}, "Additional properties|is not valid under any"),
        ({"document": None, "text": "{not json", "valid": True}, "not JSON"),
        (
            {"document": None, "base64": base64.b64encode(b'{"a":1}').decode(), "valid": False, "citation": "r r r"},
            "are UTF-8",
        ),
        ({"expand": [{"pointer": "/nope", "unit": "a", "count": 2}]}, "does not name a string"),
    ],
)
def test_a_malformed_case_is_refused(tmp_path: Path, layout: Layout, change: dict[str, Any], message: str) -> None:
    case = {**GOOD, **change}
    if change.get("document", "") is None:
        del case["document"]
    with pytest.raises(CaseFileError, match=message) as caught:
        _load(tmp_path, layout, case)
    assert all(str(tmp_path / "cases.json") in problem for problem in caught.value.problems)


def test_names_and_descriptions_are_unique_in_a_file(tmp_path: Path, layout: Layout) -> None:
    with pytest.raises(CaseFileError, match="name is used twice") as caught:
        _load(tmp_path, layout, GOOD, GOOD)
    assert any("description is used twice" in problem for problem in caught.value.problems)


def test_a_malformed_case_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.json").write_text('{"description": "x", "cases": [], "cases": []}')
    assert main(["--cases", str(tmp_path), "--lang", "python", "--examples", "0"]) == 2
    assert "duplicate member name" in capsys.readouterr().err
