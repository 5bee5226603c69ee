"""The common Chat Completions chunk, one more fragment of the open text, read by a typed msgspec decode.

Most chunks of a stream are ``{..., "choices": [{"index": 0, "delta": {"content": "..."}, "finish_reason":
null}]}``. Decoding such a chunk into the small Structs below costs about half of building its dicts with
``jiter`` (0.40 us against 0.76 us per 200-byte chunk, decision 024), and reading it takes a few attribute
loads. ``text_fragment`` gives the decoded chunk only when the result is certain to be what the dict path
(``stream.StreamDecoder.feed_chunk``) would make of the same text; otherwise ``None``, and the caller reads
the chunk as before:

- the types are exact: ``content`` a string and no other delta member; ``index`` an integer (not a bool,
  not 0.0); ``finish_reason``, ``logprobs``, ``usage`` and ``error`` absent or null; ``created`` an integer
  or null; ``system_fingerprint`` and ``service_tier`` strings or null; exactly one choice. Any other value
  fails the decode, and the dict path reads it;
- the members are exact: a chunk or choice member outside OpenAI's own (``id``, ``object``, ``model``, the
  ones above, ``obfuscation``'s padding) fails the decode, so the dict path keeps or reports it;
- JSON the dict path refuses is refused here too (syntax, lone surrogates, ``NaN`` and ``Infinity``,
  which only ``jiter`` accepts, fail here and go to ``jiter``) with one exception, nesting: ``jiter`` stops
  at a depth of about 250 where msgspec goes on, so a chunk holding 200 or more ``[``/``{`` characters
  (a bound on its depth) is left to the dict path;
- duplicate keys keep the last value in both.

Without msgspec (the optional ``wirechat[fast]`` extra) there is no fast read: ``text_fragment`` always
answers ``None``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["text_fragment"]

_DEPTH_BOUND = 200
"""Chunks with this many opening brackets or more go to the dict path (see the module docstring)."""

try:
    import msgspec
except ImportError:  # pragma: no cover - the fast read is optional
    msgspec = None  # type: ignore[assignment]

_decode: Any = None
if msgspec is not None:

    class _Delta(msgspec.Struct, forbid_unknown_fields=True):
        content: str

    class _Choice(msgspec.Struct, forbid_unknown_fields=True):
        delta: _Delta
        index: int = 0
        finish_reason: None = None
        logprobs: None = None

    class TextFragment(msgspec.Struct, forbid_unknown_fields=True):
        """A chunk that only adds text: its one choice's fragment and the chunk's metadata members."""

        choices: list[_Choice]
        id: Any = None
        object: Any = None
        model: Any = None
        created: int | None = None
        system_fingerprint: str | None = None
        service_tier: str | None = None
        usage: None = None
        error: None = None
        obfuscation: Any = None

    _decode = msgspec.json.Decoder(TextFragment).decode
    _errors: tuple[type[Exception], ...] = (msgspec.DecodeError,)


def text_fragment(data: str) -> Any:
    """The chunk ``data`` as a ``TextFragment`` when it is one more text fragment of choice 0 (and reading it
    so gives what the dict path gives), else ``None``."""
    if _decode is None or data.count("[") + data.count("{") >= _DEPTH_BOUND:
        return None
    try:
        chunk = _decode(data)
    except _errors:
        return None
    if len(chunk.choices) != 1 or chunk.choices[0].index != 0:
        return None
    return chunk
