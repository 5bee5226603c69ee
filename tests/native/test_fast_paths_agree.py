"""``wirechat.fast.decode`` on both of its paths (native scan, pure Python) gives the checked engine's
answer on every strict decode case of the conformance suite: the same problems when it refuses, the same
canonical bytes when it accepts (what the Python testee's ``--engine both`` compares, in process)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

import wirechat
from tests.native.paths import engine_path
from wirechat import WireError, fast

__all__ = ["engine_path"]
CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"


def _cases() -> list[tuple[str, str, bytes]]:
    found = []
    for path in sorted(CASES.rglob("*.json")):
        for case in json.loads(path.read_bytes()).get("cases", []):
            if case.get("op") != "decode" or "expand" in case or case.get("mode", "strict") != "strict":
                continue
            if "text" in case:
                raw = case["text"].encode("utf-8", "surrogatepass")
            elif "base64" in case:
                raw = base64.b64decode(case["base64"])
            else:
                raw = json.dumps(case["document"]).encode()
            found.append((f"{path.parent.name}/{path.stem}/{case['name']}", case["type"], raw))
    return found


def _answer(decode: Any, canonical: Any, raw: bytes, type_: Any) -> Any:
    try:
        value = decode(raw, type_)
    except WireError as error:
        return [(p.pointer, p.rule, p.message, p.line, p.column) for p in error.problems]
    return canonical(value)


CASE_LIST = _cases()


@pytest.mark.usefixtures("engine_path")
@pytest.mark.parametrize(("name", "raw"), [(t, raw) for _, t, raw in CASE_LIST], ids=[n for n, _, _ in CASE_LIST])
def test_fast_decode_gives_the_checked_engines_answer(name: str, raw: bytes) -> None:
    checked = _answer(wirechat.decode, wirechat.canonical, raw, getattr(wirechat, name))
    quick = _answer(fast.decode, fast.canonical, raw, getattr(fast, name))
    assert quick == checked
