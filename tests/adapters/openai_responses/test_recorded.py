"""Every Responses body of the recorded-traffic corpus (``conformance/recorded/openai-responses``: OpenAI, Azure
OpenAI, xAI, DeepSeek, LM Studio, GitHub Copilot...) through this adapter: requests decode, encode and decode
to the same request; responses decode with nothing unreported and survive a re-encode; streams decode with
nothing unreported and fold to the non-streamed reading of the same call (the response their terminal event
carries). The few bodies whose source is inconsistent in itself are listed with what is wrong with them.

Before issue 23's work (main at fcd99e4, the corpus as merged): 17 of 37 requests failed to decode
(provider-defined tools, hosted-tool items in the input), 3 more read back different (the developer role), 4 of 56
streams failed (``reasoning_text`` content, an item done without being added), and 103 hosted-tool items and 76
annotations were opaque data or provider metadata, with nothing ever reported; the replay gate listed 119 of the
166 Responses bodies as failing (2 now, both sources that hold several calls' streams in one).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.adapters.openai_responses.corpus import ADAPTER, CORPUS, body, decode_stream
from wirechat import ChatResponse
from wirechat.adapters import ConversionWarning

REQUESTS = sorted(path.name for path in CORPUS.glob("*.request.json"))
RESPONSES = sorted(path.name for path in CORPUS.glob("*.response.json"))
STREAMS = sorted(path.name for path in CORPUS.glob("*.stream.sse"))

SELF_INCONSISTENT = {
    "vercel-xai-13218-web-search-provider-tool-result-1.stream.sse": "xAI's final response lists other search "
    "sources than its output_item.done events",
    "vercel-github-copilot-id-rotation-1.stream.sse": "the source replaced every id by a new placeholder",
}
"""Streams whose fold cannot equal their terminal response: the source's bytes disagree with themselves."""

MEMBERS_REPORTED = {"vercel-github-copilot-id-rotation-1.stream.sse": ["copilot_usage"]}
"""Stream members the adapter does not know (GitHub Copilot's usage on ``response.completed``)."""


def without_ciphertext(response: ChatResponse) -> Any:
    """The response with every Fernet token (``gAAAAA...``: ``encrypted_content``, a program's ``fingerprint``)
    blanked: OpenAI encrypts such state again each time it writes it (a token carries a time and a random IV), so
    the ``output_item.done`` event and the terminal response of one call hold different ciphertexts of it."""

    def blank(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: blank(member) for key, member in value.items()}
        if isinstance(value, list):
            return [blank(member) for member in value]
        return "gAAAAA..." if isinstance(value, str) and value.startswith("gAAAAA") else value

    return blank(response.model_dump(mode="json"))


def test_the_corpus_is_there_and_the_lists_here_name_bodies_it_has() -> None:
    assert len(REQUESTS) >= 20 and len(RESPONSES) >= 40 and len(STREAMS) >= 30, CORPUS
    assert set(SELF_INCONSISTENT) | set(MEMBERS_REPORTED) <= set(STREAMS)  # a stale entry fails


@pytest.mark.parametrize("name", REQUESTS)
def test_a_recorded_request_decodes_encodes_and_decodes_the_same(name: str) -> None:
    request, warnings = ADAPTER.decode_request(body(name))
    assert warnings == []
    sent, _ = ADAPTER.encode_request(request)
    assert ADAPTER.decode_request(sent)[0] == request


@pytest.mark.parametrize("name", RESPONSES)
def test_a_recorded_response_decodes_with_nothing_unreported_and_survives_a_re_encode(name: str) -> None:
    warnings: list[ConversionWarning] = []
    response = ADAPTER.decode_response(body(name), warnings)
    assert warnings == []
    assert ADAPTER.decode_response(ADAPTER.encode_response(response)) == response


@pytest.mark.parametrize("name", STREAMS)
def test_a_recorded_stream_folds_to_the_non_streamed_reading_of_its_call(name: str) -> None:
    decoded = decode_stream(name)
    unknown = [warning.where.rsplit("/", 1)[1] for warning in decoded.warnings if warning.where not in decoded.after]
    assert unknown == MEMBERS_REPORTED.get(name, [])
    assert [w.where for w in decoded.warnings if w.where in decoded.after] == decoded.after  # another call's events
    ends: list[Any] = [event for event in decoded.events if event.type in ("finish", "error")]
    assert len(ends) == 1
    if ends[0].type == "error" or decoded.final is None or not decoded.final.get("output"):
        return  # an error stream, or a source that kept no output in its terminal event
    if name in SELF_INCONSISTENT:
        assert without_ciphertext(decoded.fold()) != without_ciphertext(decoded.non_streamed()), "consistent now"
    else:
        assert without_ciphertext(decoded.fold()) == without_ciphertext(decoded.non_streamed())
