"""Images Gemini generated (``inlineData`` in a candidate, gemini-2.0-flash image generation,
gemini-2.5-flash-image) read as image parts and go back to Gemini in the model's turn, as the image editing
conversations recorded here sent them.

Issue 23's failure class: "generated media can't go back" (a Gemini image output replayed to Gemini was
refused, ``part.misplaced``; ``encode_response`` refused it, ``response.part_unsupported``)."""

from __future__ import annotations

import pytest

from tests.adapters.gemini.corpus import ADAPTER, body, fold_stream, unreported
from wirechat import ChatRequest
from wirechat.adapters import ConversionRefused

FIRST = "ruby-llm-image-gemini-gemini-2-0-flash-preview-image-generation-can-refine-images-in-a-co"
"""A conversation that edits the image it generated: the response to the first request, then the second request."""


def test_a_generated_image_reads_as_an_image_part_and_is_written_back() -> None:
    given = body(f"{FIRST}.response.json")
    response = ADAPTER.decode_response(given)
    assert [part.type for part in response.message.parts] == ["text", "image"]
    image = response.message.parts[1].image
    assert (image.source, image.media_type) == ("base64", "image/png")
    written = ADAPTER.encode_response(response)  # refused before: response.part_unsupported
    assert written["candidates"][0]["content"]["parts"] == given["candidates"][0]["content"]["parts"]
    assert unreported(given, written, []) == []


def test_the_generated_image_goes_back_to_gemini_in_the_model_turn() -> None:
    reply = ADAPTER.decode_response(body(f"{FIRST}.response.json")).message
    recorded = body(f"{FIRST}-2.request.json")  # what ruby-llm sent next (in snake_case: inline_data)
    request = ChatRequest.model_validate(
        {
            "model": "gemini-2.0-flash-preview-image-generation",
            "messages": [
                {"role": "user", "parts": [{"type": "text", "text": "put this in a ring"}]},
                reply.model_dump(mode="json", exclude_unset=True),
                {"role": "user", "parts": [{"type": "text", "text": "change the background to blue"}]},
            ],
        }
    )
    sent, warnings = ADAPTER.encode_request(request)  # refused before: part.misplaced
    assert warnings == []
    model_turn = sent["contents"][1]
    assert model_turn["role"] == "model"
    sent_image = model_turn["parts"][1]["inlineData"]
    recorded_image = recorded["contents"][1]["parts"][1]["inline_data"]
    assert (sent_image["mimeType"], sent_image["data"]) == (recorded_image["mime_type"], recorded_image["data"])


def test_the_recorded_second_request_reads_and_goes_back_with_its_model_image() -> None:
    recorded = body(f"{FIRST}-2.request.json")
    request, notes = ADAPTER.decode_request(recorded)
    assert [part.type for part in request.messages[1].parts] == ["text", "image"]
    assert {note.feature for note in notes} == {"request.spelling"}  # inline_data, mime_type: read as camelCase
    sent, _ = ADAPTER.encode_request(request.model_copy(update={"model": "m"}))
    assert sent["contents"][1]["parts"][1] == {
        "inlineData": {"mimeType": "image/png", "data": recorded["contents"][1]["parts"][1]["inline_data"]["data"]}
    }
    assert sent["generationConfig"]["responseModalities"] == ["text", "image"]  # the API takes either case


def test_a_streamed_image_folds_to_the_same_parts() -> None:
    response, warnings = fold_stream("ruby-llm-image-streaming-functionality-supports-streaming-with-images.stream.sse")
    assert [part.type for part in response.message.parts][-1] == "image"
    assert warnings == []


@pytest.mark.parametrize(
    ("part", "feature"),
    [
        (
            {"type": "image", "image": {"source": "base64", "base64": "AA==", "media_type": "image/bmp"}},
            "media.unsupported_type",
        ),
        ({"type": "image", "image": {"source": "url", "url": "https://example.com/a.png"}}, "image.url"),
        ({"type": "data", "data": {"value": {"a": 1}}}, "part.misplaced"),
    ],
)
def test_what_a_model_turn_cannot_carry_is_refused_as_a_users_would_be(part: dict, feature: str) -> None:
    request = ChatRequest.model_validate({"model": "m", "messages": [{"role": "assistant", "parts": [part]}]})
    with pytest.raises(ConversionRefused) as caught:
        ADAPTER.encode_request(request)
    assert caught.value.feature == feature
