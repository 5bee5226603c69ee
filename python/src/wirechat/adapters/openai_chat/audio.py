"""Chat Completions audio output (``modalities: ["audio"]``, gpt-4o-audio) <-> canonical audio parts.

A reply's ``message.audio`` is ``{id, data, expires_at, transcript}``: ``data`` becomes the part's base64
source; ``id``, ``expires_at`` and ``transcript`` go to the part's ``provider_metadata.openai``, from where a
reply writes them back. A stream sends the same members in ``delta.audio`` fragments (the id first, base64
``data`` and ``transcript`` pieces, ``expires_at`` last); ``StreamedAudio`` collects them into the same part.

The media type is not in the reply: the request's ``audio.format`` chose it. It is read from the bytes where
they say it for certain (a WAV, MP3, AAC, FLAC or Ogg header); otherwise (``pcm16``, headerless, which
streaming uses) the part says ``application/octet-stream`` and ``provider_metadata.openai.media_type_unknown``
is ``true``: the request's ``audio.format`` is the only place that says it.

Replay: an assistant audio part with its OpenAI ``id`` goes back as the message's ``audio: {"id": ...}``, the
API's documented way to refer to an earlier audio reply (the data stays with OpenAI until ``expires_at``).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import AudioPart, MediaBase64
from wirechat.adapters._conversion import Conversion, metadata_for
from wirechat.adapters.openai_chat.shapes import PROVIDER

__all__ = ["UNKNOWN", "StreamedAudio", "audio_reference", "decode_audio", "encode_audio", "sniff"]

UNKNOWN = "application/octet-stream"
_FLAG = "media_type_unknown"
_KEPT = ("id", "expires_at", "transcript")


def sniff(head: bytes) -> str | None:
    """The media type the first bytes of an audio file announce, or None (headerless PCM, or unknown)."""
    if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
        return "audio/wav"
    if head[:4] == b"fLaC":
        return "audio/flac"
    if head[:4] == b"OggS":
        return "audio/ogg"
    if head[:3] == b"ID3":
        return "audio/mpeg"
    if len(head) >= 2 and head[0] == 0xFF and head[1] & 0xF0 == 0xF0:
        return "audio/aac" if head[1] & 0x06 == 0 else "audio/mpeg"  # ADTS has layer 00, MPEG audio does not
    return None


def _head(data: str) -> bytes:
    try:
        return base64.b64decode(data[:16], validate=True)
    except (binascii.Error, ValueError):
        return b""


def decode_audio(raw: Any, where: str) -> dict[str, Any]:
    """The audio part (as a dict) of a reply's ``message.audio``; ``ValueError`` naming the pointer if it
    has no base64 ``data``."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected an audio object, got {type(raw).__name__}")
    data = raw.get("data")
    if not isinstance(data, str):
        raise ValueError(f"{where}/data: expected the audio as base64 text")
    media_type = sniff(_head(data))
    metadata = {key: raw[key] for key in _KEPT if raw.get(key) is not None}
    if media_type is None:
        metadata[_FLAG] = True
    source = {"source": "base64", "base64": data, "media_type": media_type or UNKNOWN}
    return {"type": "audio", "audio": source, "provider_metadata": {PROVIDER: metadata}}


def encode_audio(part: AudioPart, where: str, conv: Conversion) -> dict[str, Any]:
    """A reply's ``message.audio`` for an audio part read from OpenAI (base64, with its ``id``); any other
    audio part has no place in a Chat Completions reply (refused)."""
    own, foreign = metadata_for(part.provider_metadata, PROVIDER)
    if foreign:
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    if not isinstance(part.audio, MediaBase64) or not isinstance(own.get("id"), str):
        raise conv.refuse("response.part_unsupported", where)
    out: dict[str, Any] = {"id": own["id"], "data": part.audio.base64}
    for key in ("expires_at", "transcript"):
        if key in own:
            out[key] = own[key]
    return out


def audio_reference(part: AudioPart) -> dict[str, Any] | None:
    """``{"id": ...}`` for an assistant audio part OpenAI issued (what a request sends back), else None."""
    own, _ = metadata_for(part.provider_metadata, PROVIDER)
    audio_id = own.get("id")
    return {"id": audio_id} if isinstance(audio_id, str) and audio_id else None


class StreamedAudio:
    """The ``delta.audio`` fragments of one streamed reply, collected into what ``decode_audio`` reads from
    the whole ``message.audio``: base64 pieces decoded and joined as bytes (a piece is base64 of its own
    bytes, so its padding does not survive a plain join), transcript pieces joined as text."""

    def __init__(self, index: int) -> None:
        self.index = index
        self._members: dict[str, Any] = {}
        self._data: list[str] = []
        self._transcript: list[str] = []

    def add(self, fragment: Mapping[str, Any]) -> None:
        for key, value in fragment.items():
            if key == "data" and isinstance(value, str):
                self._data.append(value)
            elif key == "transcript" and isinstance(value, str):
                self._transcript.append(value)
            elif value is not None:
                self._members[key] = value

    def _joined_data(self) -> str:
        try:
            raw = b"".join(base64.b64decode(piece, validate=True) for piece in self._data)
        except (binascii.Error, ValueError):
            return "".join(self._data)  # not base64 piece by piece: the pieces are one text
        return base64.b64encode(raw).decode("ascii")

    def part(self, where: str) -> dict[str, Any]:
        whole = dict(self._members)
        whole["data"] = self._joined_data()
        if self._transcript:
            whole["transcript"] = "".join(self._transcript)
        return decode_audio(whole, where)
