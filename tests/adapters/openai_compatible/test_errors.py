"""Errors of OpenAI-compatible servers read with their message (issue 23, replay of recorded error bodies):
the flat ``{"object": "error", "message", "type", "code"}`` that Mistral and vLLM send (was: the message
lost, ``HTTP 429`` in its place). Recorded bodies."""

from __future__ import annotations

import pytest

from tests.adapters.recorded_bodies import body
from wirechat.adapters import get

MISTRAL = (
    "openai-compatible/generic/"
    "ruby-llm-chat-real-error-scenarios-mistral-mistral-small-latest-handles-context-length-ex.error.json"
)


@pytest.mark.parametrize(("status", "kind"), [(429, "rate_limited"), (500, "provider")])
def test_a_flat_error_object_keeps_its_message(status: int, kind: str) -> None:
    error = get("openai-compatible").decode_error(status, {}, body(MISTRAL))
    assert error.message == body(MISTRAL)["message"]
    assert error.kind == kind
