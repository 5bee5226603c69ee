"""Audio output (gpt-4o-audio, ``modalities: ["audio"]``; issue 23, class "generated media can't go back"):
``message.audio`` is an audio part (was: dropped silently), its ``id``, ``expires_at`` and ``transcript``
kept; streamed ``delta.audio`` fragments fold to the same part; a request sends the part back as
``audio: {id}``. The corpus holds no recorded audio reply (the one cassette that has one, dd-trace-py's
``chat_completion_audio_output.yaml``, was written by hand), so these bodies are written for the test in
the shapes of OpenAI's API reference (``ChatCompletionAudio``, the streamed ``delta.audio``)."""

from __future__ import annotations

import base64
import json
import struct
from typing import Any

import pytest

from wirechat import ChatRequest
from wirechat.adapters import ConversionRefused, SseEvent, get
from wirechat.adapters.openai_chat.audio import sniff
from wirechat.codec import canonical
from wirechat.stream import events_from_response, fold

ADAPTER = get("openai-chat")
WAV = b"RIFF" + struct.pack("<I", 36) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 24000, 48000, 2, 16) + b"data"
WAV += struct.pack("<I", 0)
PCM = bytes(range(12))  # pcm16 has no header


def reply(data: bytes) -> dict[str, Any]:
    audio = {"id": "audio_abc", "data": base64.b64encode(data).decode(), "expires_at": 1734571490,
             "transcript": "Hello! How can I help?"}  # fmt: skip
    message = {"role": "assistant", "content": None, "refusal": None, "annotations": [], "audio": audio}
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1734567890, "model": "gpt-4o-audio-preview",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop", "logprobs": None}],
            "usage": {"prompt_tokens": 9, "completion_tokens": 12, "total_tokens": 21}}  # fmt: skip


def test_a_wav_reply_is_an_audio_part_with_its_id_kept_and_written_back() -> None:
    warnings: list[Any] = []
    decoded = ADAPTER.decode_response(reply(WAV), warnings)
    part = decoded.message.parts[0]
    assert warnings == [] and part.type == "audio"
    assert part.audio.media_type == "audio/wav"  # type: ignore[union-attr]
    assert part.provider_metadata == {  # type: ignore[union-attr]
        "openai": {"id": "audio_abc", "expires_at": 1734571490, "transcript": "Hello! How can I help?"}
    }
    assert (
        ADAPTER.encode_response(decoded)["choices"][0]["message"]["audio"]
        == reply(WAV)["choices"][0]["message"]["audio"]
    )


def test_headerless_audio_says_its_media_type_is_unknown() -> None:
    part = ADAPTER.decode_response(reply(PCM)).message.parts[0]
    assert part.audio.media_type == "application/octet-stream"  # type: ignore[union-attr]
    assert part.provider_metadata["openai"]["media_type_unknown"] is True  # type: ignore[index]


@pytest.mark.parametrize(
    ("head", "media_type"),
    [(WAV, "audio/wav"), (b"ID3\x04", "audio/mpeg"), (b"\xff\xfb\x90", "audio/mpeg"), (b"\xff\xf1\x50", "audio/aac"),
     (b"fLaC\x00", "audio/flac"), (b"OggS\x00", "audio/ogg"), (PCM, None)],
)  # fmt: skip
def test_the_media_type_is_read_only_where_the_bytes_say_it(head: bytes, media_type: str | None) -> None:
    assert sniff(head) == media_type


def _chunks(pieces: list[dict[str, Any]]) -> list[SseEvent]:
    out = []
    for i, audio in enumerate(pieces):
        choice = {"index": 0, "delta": {"audio": audio}, "finish_reason": "stop" if i == len(pieces) - 1 else None}
        out.append(
            SseEvent(None, json.dumps({"id": "chatcmpl-1", "model": "gpt-4o-audio-preview", "choices": [choice]}))
        )
    return [*out, SseEvent(None, "[DONE]")]


def test_streamed_fragments_fold_to_the_part_of_the_whole_reply() -> None:
    """pcm16 pieces, each base64 of its own bytes (so a plain join of the texts would not be base64)."""
    pieces = [{"id": "audio_abc", "transcript": "Hello! "}, {"data": base64.b64encode(PCM[:5]).decode()},
              {"data": base64.b64encode(PCM[5:]).decode(), "transcript": "How can I help?"},
              {"expires_at": 1734571490}]  # fmt: skip
    decoder = ADAPTER.stream_decoder()
    events = [event for sse in _chunks(pieces) for event in decoder.feed(sse)]
    folded = fold(events)
    whole = ADAPTER.decode_response(reply(PCM))
    assert decoder.warnings == []
    assert canonical(folded.message) == canonical(whole.message)
    assert folded.message.parts[0].provider_metadata["openai"]["transcript"] == "Hello! How can I help?"  # type: ignore[index]


def test_the_stream_encoder_writes_the_audio_part_back() -> None:
    decoded = ADAPTER.decode_response(reply(WAV))
    encoder, decoder = ADAPTER.stream_encoder(), ADAPTER.stream_decoder()
    chunks = [sse for event in events_from_response(decoded) for sse in encoder.feed(event)]
    again = fold([event for sse in chunks for event in decoder.feed(sse)])
    assert canonical(again.message) == canonical(decoded.message)


def test_a_request_sends_an_audio_reply_back_by_its_id() -> None:
    part = ADAPTER.decode_response(reply(WAV)).message.parts[0]
    history = ChatRequest.model_validate(
        {"model": "gpt-4o-audio-preview", "messages": [
            {"role": "user", "parts": [{"type": "text", "text": "Say hello."}]},
            {"role": "assistant", "parts": [part.model_dump(mode="json")]},
            {"role": "user", "parts": [{"type": "text", "text": "Again."}]}]}
    )  # fmt: skip
    body, warnings = ADAPTER.encode_request(history)
    assert body["messages"][1] == {"role": "assistant", "audio": {"id": "audio_abc"}, "content": None}
    assert [(w.feature, w.where) for w in warnings] == [("audio.reply_by_id", "/messages/1/parts/0")]
    decoded, notes = ADAPTER.decode_request(body)
    assert notes == []
    assert decoded.messages[1].provider_metadata == {"openai": {"audio": {"id": "audio_abc"}}}
    again, _ = ADAPTER.encode_request(decoded)
    assert again["messages"][1]["audio"] == {"id": "audio_abc"}


def test_audio_without_an_openai_id_is_still_refused_in_an_assistant_message() -> None:
    history = ChatRequest.model_validate(
        {"model": "m", "messages": [{"role": "assistant", "parts": [
            {"type": "audio", "audio": {"source": "base64", "base64": "AAAA", "media_type": "audio/wav"}}]}]}
    )  # fmt: skip
    with pytest.raises(ConversionRefused, match=r"part\.misplaced"):
        ADAPTER.encode_request(history)
