"""Servers that leave reasoning out of ``completion_tokens`` (issue 23, class "usage undercounted"): xAI counts
it in ``total_tokens`` only, Gemini through an OpenAI-compatible gateway not even there (its own
``usageMetadata`` says ``candidatesTokenCount`` excludes ``thoughtsTokenCount``). Spec section 7 wants
output to include reasoning and total = input + output; where the numbers prove the server left it out,
output is completion + reasoning, and the server's own counts are written back. Recorded bodies."""

from __future__ import annotations

from tests.adapters.recorded_bodies import body, fold_stream, round_trip
from wirechat.adapters import get

GENERIC = get("openai-compatible")
XAI = "openai-compatible/generic/fantasy-testopenaicompatiblecommon-multi-tool-xai-grok-4-fast-1.response.json"
GEMINI = "openai-compatible/generic/fantasy-gemini-3-pro-preview-multi-tool-2.response.json"
GEMINI_STREAM = "openai-compatible/generic/fantasy-gemini-3-pro-preview-thinking-streaming-2.stream.sse"


def test_xai_total_counts_reasoning_outside_completion_tokens() -> None:
    """Was: output 68 with reasoning 114 (reasoning > output), total recomputed as 466 for a reported 580."""
    decoded, _, lost = round_trip(GENERIC, XAI)
    usage = decoded.usage
    assert (usage.input_tokens, usage.output_tokens, usage.reasoning_output_tokens) == (398, 68 + 114, 114)  # type: ignore[union-attr]
    assert usage.total_tokens == 580  # type: ignore[union-attr]
    assert lost == []  # completion_tokens 68 and total_tokens 580 written back as the server wrote them


def test_gemini_reasoning_above_completion_tokens_is_added_and_the_reported_total_kept() -> None:
    """Was: output 25 with reasoning 266: reasoning > output, which the spec forbids."""
    decoded, _, lost = round_trip(GENERIC, GEMINI)
    usage = decoded.usage
    assert (usage.output_tokens, usage.reasoning_output_tokens) == (25 + 266, 266)  # type: ignore[union-attr]
    assert usage.total_tokens == 223 + 25 + 266  # type: ignore[union-attr]
    kept = decoded.provider_metadata["openai"]["usage"]  # type: ignore[index]
    assert (kept["completion_excludes_reasoning"], kept["total_tokens"]) == (
        True,
        body(GEMINI)["usage"]["total_tokens"],
    )
    assert lost == []


def test_a_stream_reads_its_usage_the_same_way() -> None:
    folded, _ = fold_stream(GENERIC, GEMINI_STREAM)
    usage = folded.usage
    assert usage.output_tokens >= usage.reasoning_output_tokens > 0  # type: ignore[union-attr,operator]
    assert usage.total_tokens == usage.input_tokens + usage.output_tokens  # type: ignore[union-attr]


def test_openai_counts_are_left_as_they_are() -> None:
    reply = {"choices": [{"index": 0, "message": {"role": "assistant", "content": "x"}, "finish_reason": "stop"}],
             "usage": {"prompt_tokens": 10, "completion_tokens": 50, "total_tokens": 60,
                       "completion_tokens_details": {"reasoning_tokens": 40}}}  # fmt: skip
    usage = get("openai-chat").decode_response(reply).usage
    assert (usage.output_tokens, usage.total_tokens, usage.reasoning_output_tokens) == (50, 60, 40)  # type: ignore[union-attr]
