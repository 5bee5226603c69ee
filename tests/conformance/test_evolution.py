"""The rolling-upgrade fixture: the made-up v1.1 is additive by ``schema diff``, its case documents are valid
v1.1, and today's strict reader rejects every one of them (what the tolerant cases rely on)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import wirechat
from tests.codegen.schema_edits import build
from tests.conftest import REPO_ROOT
from wirechat_codegen.bundle import bundle
from wirechat_codegen.diff import diff_dirs
from wirechat_codegen.schema_files import load_schema_dir

FIXTURE = json.loads((REPO_ROOT / "conformance" / "evolution" / "v1.1.edits.json").read_text())
CASES: list[dict[str, Any]] = json.loads((REPO_ROOT / "conformance" / "cases" / "evolution" / "v1_1.json").read_text())[
    "cases"
]
TOLERANT_VALID = [c for c in CASES if c.get("mode") == "tolerant" and c["valid"]]


@pytest.fixture(scope="module")
def v11(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(REPO_ROOT / FIXTURE["base"], FIXTURE["edits"], tmp_path_factory.mktemp("schema") / "v1.1")


def test_v11_is_additive_for_readers_and_tolerant_for_writers(v11: Path) -> None:
    changes = diff_dirs(REPO_ROOT / FIXTURE["base"], v11)
    assert [(c.where, c.change) for c in changes] == [
        ("FinishKind", "enum value added"),
        ("Message.created_at", "optional member added"),
        ("Part", "variant added"),
        ("TokenUsage.video_input_tokens", "optional member added"),
        ("VideoPart", "type added"),
    ]
    assert not any(c.breaking for c in changes)
    assert {c.writers for c in changes if c.change != "type added"} == {"tolerant"}


@pytest.mark.parametrize("case", TOLERANT_VALID, ids=[c["name"] for c in TOLERANT_VALID])
def test_tolerant_case_documents_are_v11_and_not_v10(case: dict[str, Any], v11: Path) -> None:
    schema = bundle(load_schema_dir(v11), "urn:wirechat:v1.1")
    validator = jsonschema.Draft202012Validator({**schema, "$ref": f"#/$defs/{case['type']}"})
    assert list(validator.iter_errors(case["document"])) == []
    with pytest.raises(wirechat.WireError):
        wirechat.decode(json.dumps(case["document"]), getattr(wirechat, case["type"]))
