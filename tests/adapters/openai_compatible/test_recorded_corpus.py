"""Every recorded Chat Completions reply and stream of the corpus (``conformance/recorded/openai-chat`` and
``openai-compatible/<profile>``) through its adapter: a reply decodes, re-encodes and decodes again to the same
value, and every member of it that the re-encoding lacks is covered by a decode warning (zero unreported
members, issue 23); a stream folds, and its fold survives the same round trip. The bodies the Chat
Completions reply format cannot hold as streamed are listed with the reason (strict: one that starts to pass
fails until its entry goes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.recorded_bodies import RECORDED, fold_stream, round_trip
from wirechat.adapters import Adapter, get
from wirechat.codec import canonical

_ORDER = "the stream sends {what} after the text, a reply's body has no order between them: read back first"
KNOWN: dict[str, str] = {
    "openai-chat/ruby-llm-chat-function-calling-azure-kimi-k2-5-can-use-tools-without-parameters-in-multi-3.stream.sse":
        "Kimi streams text after its tool call; a reply writes text first (tool_call.interleaved, warned)",
    **{
        f"openai-compatible/{name}.stream.sse": _ORDER.format(what="Gemini's encrypted reasoning")
        for name in (
            "generic/fantasy-gemini-3-pro-preview-simple-streaming",
            "generic/fantasy-gemini-3-pro-preview-simple-streaming-2",
            "generic/fantasy-gemini-3-pro-preview-thinking-streaming-1",
            "generic/fantasy-gemini-3-pro-preview-thinking-streaming-1-2",
            "generic/fantasy-gemini-3-pro-preview-thinking-streaming-2",
            "openrouter/fantasy-gemini-multi-tool-streaming-2",
            "openrouter/fantasy-gemini-multi-tool-streaming-2-2",
        )
    },
}  # fmt: skip


def _adapter(path: Path) -> Adapter:
    parts = path.relative_to(RECORDED).parts
    if parts[0] == "openai-chat":
        return get("openai-chat")
    return get("openai-compatible" if parts[1] == "generic" else f"openai-compatible:{parts[1]}")


def _cases(pattern: str) -> list[object]:
    paths = sorted(RECORDED.glob(f"openai-chat/{pattern}")) + sorted(RECORDED.glob(f"openai-compatible/*/{pattern}"))
    out: list[object] = []
    for path in paths:
        name = str(path.relative_to(RECORDED))
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN[name])] if name in KNOWN else []
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("name", _cases("*.response.json"))
def test_a_recorded_reply_loses_nothing_without_a_warning(name: str) -> None:
    _, _, lost = round_trip(_adapter(RECORDED / name), name)
    assert lost == []


@pytest.mark.parametrize("name", _cases("*.stream.sse"))
def test_a_recorded_stream_folds_and_its_fold_survives_a_reply(name: str) -> None:
    adapter = _adapter(RECORDED / name)
    folded, _ = fold_stream(adapter, name)
    assert canonical(adapter.decode_response(adapter.encode_response(folded))) == canonical(folded)


def test_the_corpus_is_there() -> None:
    assert len(_cases("*.response.json")) > 100 and len(_cases("*.stream.sse")) > 50
