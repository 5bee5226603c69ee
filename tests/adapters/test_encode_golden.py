"""Every adapter's request encoder gives exactly the outcomes it gave when ``encode_golden.json`` was written
(decision 027, step 0): the body text, the warnings and the refusals of ``encode_golden``'s requests, by
digest. The mutation tests show the check can fail: each breaks the encoders the way decision 023's seeded
mutations did and requires a group's digests to move. They patch today's fast passes (``request_fast``);
when step 5 folds those into the one walk, they patch the walk instead."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.adapters import encode_golden
from wirechat.adapters import _encode_fast
from wirechat.adapters.anthropic import request_encode as anthropic_encode
from wirechat.adapters.anthropic import request_fast as anthropic_fast
from wirechat.adapters.gemini import request_fast as gemini_fast


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(encode_golden.GOLDEN.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _differences(found: dict[str, Any], golden: dict[str, Any]) -> Iterator[tuple[str, int]]:
    for group, entry in found.items():
        for index, (now, then) in enumerate(zip(entry["outputs"], golden[group]["outputs"], strict=True)):
            if now != then:
                yield group, index


def test_every_request_gives_its_recorded_outcome(golden: dict[str, Any]) -> None:
    found = encode_golden.digests()
    moved = sorted(group for group in golden if group in found and found[group]["input"] != golden[group]["input"])
    assert not moved, f"these groups' requests changed (not the encoders); check why, then --write: {moved}"
    assert sorted(found) == sorted(golden), "adapters were added or removed: write the golden file again"
    assert sum(len(entry["outputs"]) for entry in found.values()) > 2500
    differ = list(_differences(found, golden))
    assert not differ, (
        f"{len(differ)} requests encode differently than before, e.g. {differ[:5]}; see one with: "
        f"python -m tests.adapters.encode_golden --show GROUP --index N (here and on the old code)"
    )


def _moved(group: str, golden: dict[str, Any]) -> int:
    """How many of ``group``'s outcomes differ from the golden ones, with the code as patched now."""
    found = encode_golden.digests(lambda name: name == group)
    return len(list(_differences(found, golden)))


def test_dropping_cache_control_fails_it(golden: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """023's first mutation: Anthropic's ``cache_control`` not written back (by the pass or the walk)."""
    assert _moved("anthropic plain", golden) == 0
    monkeypatch.setattr(anthropic_fast, "_cache_control", lambda metadata, block: None)
    monkeypatch.setattr(anthropic_encode, "_KEPT", {})
    assert _moved("anthropic plain", golden) > 0
    assert _moved("anthropic edges", golden) > 0


@pytest.mark.parametrize(("group", "module"), [("anthropic edges", anthropic_fast), ("gemini edges", gemini_fast)])
def test_calling_all_arguments_compact_fails_it(
    group: str, module: Any, golden: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """023's second mutation: arguments that are not in compact form sent without the warning."""
    monkeypatch.setattr(module, "arguments_object", lambda text: (_encode_fast.arguments_object(text)[0], True))
    assert _moved(group, golden) > 0


def test_letting_integers_past_the_range_fails_it(golden: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """023's fourth mutation: an integer past 2^53-1 in tool-call arguments taken as safe."""
    monkeypatch.setattr(_encode_fast, "_MAX_SAFE", 2**64)
    assert _moved("anthropic edges", golden) > 0
    assert _moved("gemini edges", golden) > 0
