"""Every schema example gets the same verdict from the reference validator and from ``wirechat.decode``.

Valid examples round-trip: ``canonical(decode(x)) == JCS(x)`` and ``decode(encode(m)) == m``. Invalid
examples are rejected, and the error names the pointer the example says it should.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import wirechat
from tests.conftest import EXAMPLES_DIR
from tests.schema.reference import jcs, reference_valid
from wirechat._registry import type_by_name, type_names

VALID = sorted(EXAMPLES_DIR.glob("*/valid/*.json"))
INVALID = sorted(EXAMPLES_DIR.glob("*/invalid/*.json"))


def _type_name(path: Path) -> str:
    return path.parent.parent.name


def _id(path: Path) -> str:
    return f"{_type_name(path)}/{path.parent.name}/{path.stem}"


def test_every_schema_file_type_has_examples() -> None:
    root_types = {json.loads(p.read_text())["title"] for p in EXAMPLES_DIR.parent.glob("*.schema.json")}
    with_valid = {_type_name(p) for p in VALID}
    with_invalid = {_type_name(p) for p in INVALID}
    assert root_types <= set(type_names())
    for name in sorted(root_types):
        assert sum(_type_name(p) == name for p in VALID) >= 3, f"{name} needs at least three valid examples"
        assert name in with_invalid, f"{name} needs invalid examples"
    assert with_valid | with_invalid <= set(type_names()), "an examples folder is named after no type"


@pytest.mark.parametrize("path", VALID, ids=_id)
def test_valid_example(path: Path) -> None:
    raw = path.read_bytes()
    document = json.loads(raw)
    type_ = type_by_name(_type_name(path))
    assert reference_valid(_type_name(path), document), "the reference validator rejects a valid example"
    decoded = wirechat.decode(raw, type_)
    assert wirechat.canonical(decoded) == jcs(document)
    assert wirechat.decode(wirechat.encode(decoded, type_), type_) == decoded


@pytest.mark.parametrize("path", INVALID, ids=_id)
def test_invalid_example(path: Path) -> None:
    case = json.loads(path.read_bytes())
    assert set(case) == {"reason", "pointer", "document"}, "an invalid example is {reason, pointer, document}"
    assert case["reason"].strip(), "say why the document must fail"
    assert not reference_valid(_type_name(path), case["document"]), "the reference validator accepts it"
    with pytest.raises(wirechat.WireError) as caught:
        wirechat.decode(json.dumps(case["document"]), type_by_name(_type_name(path)))
    pointers = [problem.pointer for problem in caught.value.problems]
    assert case["pointer"] in pointers, f"expected a problem at {case['pointer']!r}, got {caught.value}"
