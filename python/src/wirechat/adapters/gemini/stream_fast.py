"""The common Gemini stream chunk, one more piece of the open text, read by a typed msgspec decode.

Most chunks of a Gemini text stream are ``{"candidates": [{"content": {"role": "model", "parts": [{"text":
"..."}]}, "index": 0}], "modelVersion": "...", "responseId": "..."}``. ``text_piece`` decodes such a chunk
into the small Structs below and gives its text only when the result is certain to be what the dict path
(``stream.StreamDecoder._chunk``) makes of the same text while a plain text part is open; otherwise
``None``, and the caller reads the chunk as before (decision 024):

- exact members: the chunk holds only ``candidates``, ``modelVersion`` and ``responseId`` (no
  ``usageMetadata``, ``promptFeedback`` or ``error``); one candidate with only ``content`` and an integer
  ``index`` of 0 (no ``finishReason``); one part with only a string ``text`` (no ``thought``, no
  ``thoughtSignature``). Anything else fails the decode, and the dict path reads it;
- JSON the dict path refuses is refused here too (``NaN`` and ``Infinity``, which only ``jiter`` accepts,
  fail here), except nesting deeper than ``jiter``'s limit, which msgspec accepts: a chunk holding 200 or
  more ``[``/``{`` characters is left to the dict path;
- duplicate keys keep the last value in both.

Without msgspec (the optional ``wirechat[fast]`` extra), ``text_piece`` always answers ``None``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["text_piece"]

_DEPTH_BOUND = 200

try:
    import msgspec
except ImportError:  # pragma: no cover - the fast read is optional
    msgspec = None  # type: ignore[assignment]

_decode: Any = None
if msgspec is not None:

    class _Part(msgspec.Struct, forbid_unknown_fields=True):
        text: str

    class _Content(msgspec.Struct):
        parts: list[_Part]

    class _Candidate(msgspec.Struct, forbid_unknown_fields=True):
        content: _Content
        index: int = 0

    class TextPiece(msgspec.Struct, forbid_unknown_fields=True):
        """A chunk that only continues the open text part."""

        candidates: list[_Candidate]
        modelVersion: Any = None  # noqa: N815 - Gemini's member name
        responseId: Any = None  # noqa: N815 - Gemini's member name

    _decode = msgspec.json.Decoder(TextPiece).decode
    _errors: tuple[type[Exception], ...] = (msgspec.DecodeError,)


def text_piece(data: str) -> str | None:
    """The text of chunk ``data`` when it is one more piece of a plain text part (see the module docstring)."""
    if _decode is None or data.count("[") + data.count("{") >= _DEPTH_BOUND:
        return None
    try:
        chunk = _decode(data)
    except _errors:
        return None
    candidates = chunk.candidates
    if len(candidates) != 1 or candidates[0].index != 0 or len(candidates[0].content.parts) != 1:
        return None
    text: str = candidates[0].content.parts[0].text
    return text
