"""``embed`` and ``complete`` go through an adapter's optional codecs; without them, or where the provider
has no such endpoint, the client says so before sending anything."""

from __future__ import annotations

from typing import Any

import pytest

import wirechat
from tests.client.conftest import ServeFn, client_for
from wirechat import CompleteRequest, CompleteResponse, EmbedRequest, EmbedResponse, FinishReason
from wirechat.client import UnsupportedCallError

pytestmark = pytest.mark.timeout(30)


class WithEmbeddings:
    """openai-chat plus a minimal embeddings and completions codec, as an adapter could offer them."""

    def __init__(self) -> None:
        self._base = wirechat.adapters.get("openai-chat")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)

    def encode_embed_request(self, request: EmbedRequest) -> dict[str, Any]:
        return {"model": request.model, "input": list(request.inputs)}

    def decode_embed_response(self, body: dict[str, Any]) -> EmbedResponse:
        return EmbedResponse(embeddings=[item["embedding"] for item in body["data"]], model=body["model"])

    def encode_complete_request(self, request: CompleteRequest) -> dict[str, Any]:
        return {"model": request.model, "prompt": request.prompt}

    def decode_complete_response(self, body: dict[str, Any]) -> CompleteResponse:
        choice = body["choices"][0]
        return CompleteResponse(
            text=choice["text"], finish_reason=FinishReason(kind="stop", raw=choice["finish_reason"])
        )


def test_embed_and_complete_through_adapter_codecs(serve: ServeFn) -> None:
    fake = serve("openai-chat", [{"reply": {"embeddings": [[0.25, -1.0], [2, 3]]}}, {"reply": {"text": "done"}}])
    client = wirechat.Client(WithEmbeddings(), api_key="k", base_url=fake.url)  # type: ignore[arg-type]
    with client:
        embedded = client.embed(EmbedRequest(model="e", inputs=["a", "b"]))
        completed = client.complete(CompleteRequest(model="c", prompt="say done"))
    assert embedded.embeddings == [[0.25, -1.0], [2.0, 3.0]]
    assert completed.text == "done"
    assert [request.path for request in fake.requests] == ["/v1/embeddings", "/v1/completions"]


def test_missing_codecs_are_refused_before_sending(serve: ServeFn) -> None:
    """Anthropic has neither an embeddings nor a text-completions codec (openai-chat has both:
    tests/client/test_openai_embed_complete.py)."""
    fake = serve("anthropic", [])
    with client_for(fake) as client:
        assert not hasattr(client.adapter, "encode_embed_request")
        with pytest.raises(UnsupportedCallError, match="embed"):
            client.embed(EmbedRequest(inputs=["a"]))
        with pytest.raises(UnsupportedCallError, match="complete"):
            client.complete(CompleteRequest(prompt="a"))
    assert fake.requests == []
