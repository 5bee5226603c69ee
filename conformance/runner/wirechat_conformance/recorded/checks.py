"""The checks per recorded body, and its verdict: ``lossless``, ``declared-lossy``, ``refused``, ``rejected`` or
``failed``.

* response: ``decode_response(body, warnings)`` against the independent reading (``compare``); then
  ``encode_response`` and ``decode_response`` again, RFC 8785-equal; then zero unreported members
  (``members``) between the body and the re-encoded body, covered by the decode warnings.
* stream: the events through ``stream_decoder()``, folded (``wirechat.fold``), against the reading of the
  same events; an ``error`` event or a fold failure fails unless the recorded stream itself ended in an
  error (then the decoder must report it); the fold re-encoded as a response decodes to the same value;
  and, where the corpus has the non-streamed body of the same call (the same response id), the fold is
  held to that body's reading too. Beside the verdict, ``Verdict.unfound`` lists the stream's members whose
  value is neither in the fold nor under a decoder warning (a value search: a diagnostic, not a check).
* request: ``decode_request`` -> ``encode_request`` -> ``decode_request``, RFC 8785-equal, and zero unreported
  members between the body and the re-encoded one (made a streaming body again where the original was),
  covered by the warnings of both steps (decode warnings point into the body; an encode warning covers the
  body's message it speaks of, ``members.body_place``). A body without ``model`` (Gemini, Bedrock and
  Vertex take it in the URL) gets ``URL_MODEL`` before encoding.
* error: ``decode_error`` gives a kind other than ``invalid_response``, and its message holds the provider's.

What an adapter declares lost is not held against it: a text or reasoning fragment at a member a decode
warning reports is left out of the reading compared (``compare``); the member at an encode warning's
canonical pointer is left out of both sides of the round trip (``_same``: Anthropic's API 2026-10-21 drops
``temperature``); the verdict is then ``declared-lossy``. A Chat Completions stream's fold is compared with its
reasoning parts first (``_reasoning_first``: the body keeps reasoning apart from content, in no order), and a
body holding several calls' streams (``calls``) is checked call by call.

Every warning must name a feature the adapter's manifest declares (not lossless). A ``ConversionRefused``
is the verdict ``refused`` when the manifest declares that feature refused, else a failure. A request
``decode_request`` rejects (a ``ValueError`` naming the member) is ``rejected`` when the provider rejected it
too: the corpus holds the provider's 4xx answer to the same call (``rightly_rejected``); else a failure.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from wirechat import ChatRequest, ChatResponse, StreamError, WireError, canonical, encode, fold
from wirechat.adapters import Adapter, ConversionRefused, ConversionWarning
from wirechat.exchange import SseEvent
from wirechat_conformance.recorded import readers
from wirechat_conformance.recorded.compare import compare, difference
from wirechat_conformance.recorded.corpus import Body
from wirechat_conformance.recorded.members import body_place, equivalent, unfound_in_stream, unreported
from wirechat_conformance.recorded.sse import Event

__all__ = ["URL_MODEL", "VERDICTS", "Refusal", "Verdict", "calls", "check"]

VerdictName = Literal["lossless", "declared-lossy", "refused", "rejected", "failed"]
VERDICTS: tuple[VerdictName, ...] = ("lossless", "declared-lossy", "refused", "rejected", "failed")
_SHOWN = 8
URL_MODEL = "model-from-the-url"
"""The model given to a request whose body has none (it travelled in the URL) before it is encoded again."""


@dataclass
class Verdict:
    """One body's verdict, why it failed (``reasons``), and what the adapter declared lost (``warnings``)."""

    file: str
    group: str
    kind: str
    verdict: VerdictName = "lossless"
    reasons: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    unfound: list[str] = field(default_factory=list)
    """A stream's members found neither in the fold nor in a warning (``members.unfound_in_stream``): a
    diagnostic beside the verdict."""
    decode_rejected: bool = False
    """A request that ``decode_request`` rejected (``reasons`` say where): ``rightly_rejected`` judges it."""


class Refusal(Exception):  # noqa: N818 (it carries the refusal out of a check, not a failure)
    """A ``ConversionRefused`` met during a check."""

    def __init__(self, refused: ConversionRefused, step: str) -> None:
        super().__init__(f"{step}: {refused}")
        self.refused = refused


class _Check:
    def __init__(self, adapter: Adapter, body: Body) -> None:
        self.adapter, self.body = adapter, body
        self.problems: list[str] = []
        self.warnings: list[ConversionWarning] = []
        self.unfound: list[str] = []

    def note(self, warnings: list[ConversionWarning], step: str) -> None:
        for warning in warnings:
            self.warnings.append(warning)
            support = self.adapter.manifest.features.get(warning.feature)
            if support is None or support.level == "lossless":
                level = "not in the manifest" if support is None else "declared lossless"
                self.problems.append(f"{step} warned {warning.feature!r} at {warning.where or '/'}, {level}")


def _canonical(value: Any) -> Any:
    return json.loads(encode(value))


def _same(step: str, first: Any, second: Any, declared: Sequence[ConversionWarning] = ()) -> list[str]:
    """``first`` and ``second`` RFC 8785-equal, but for what the encode step between them ``declared`` lost:
    the subtree at each warning's canonical pointer is left out of both."""
    if canonical(first) == canonical(second):
        return []
    a, b = _canonical(first), _canonical(second)
    for warning in declared:
        a, b = _pruned(a, warning.where), _pruned(b, warning.where)
    if a == b:
        return []
    return [f"{step}: not RFC 8785-equal, first difference at {difference(a, b) or '/'}"]


def _pruned(value: Any, where: str) -> Any:
    """``value`` without the member at JSON pointer ``where`` (an array item becomes null, so that the items
    after it keep their positions); ``value`` itself where the pointer is empty or leads nowhere."""
    tokens = [token.replace("~1", "/").replace("~0", "~") for token in where.split("/")[1:]]
    if not tokens:
        return value
    head, rest = tokens[0], "/".join(token.replace("~", "~0").replace("/", "~1") for token in tokens[1:])
    if isinstance(value, dict) and head in value:
        if not rest:
            return {key: item for key, item in value.items() if key != head}
        return {**value, head: _pruned(value[head], "/" + rest)}
    if isinstance(value, list) and head.isdigit() and int(head) < len(value):
        index = int(head)
        return [
            (None if not rest else _pruned(item, "/" + rest)) if i == index else item for i, item in enumerate(value)
        ]
    return value


def _members(run: _Check, missing: list[str], unreported_by: str) -> None:
    for at in missing[:_SHOWN]:
        run.problems.append(f"member {at} is not in the re-encoded body, and {unreported_by}")
    if len(missing) > _SHOWN:
        run.problems.append(f"... and {len(missing) - _SHOWN} more members like these")


def _response(run: _Check) -> None:
    body = run.body.json()
    warnings: list[ConversionWarning] = []
    try:
        decoded = run.adapter.decode_response(body, warnings)
    except ConversionRefused as refused:
        raise Refusal(refused, "decode_response") from None
    run.note(warnings, "decode_response")
    declared = [w.where for w in warnings]
    run.problems += compare(readers.read_response(run.body.format, body), _canonical(decoded), declared)
    again = _round_trip(run, decoded)
    if again is not None:
        _members(run, unreported(body, again, [w.where for w in warnings]), "no decode warning reports it")


def _round_trip(run: _Check, decoded: ChatResponse, *, folded: bool = False) -> Any:
    """``decoded`` encoded as a response body and decoded again: the body (None if that failed). A stream's
    fold (``folded``) in Chat Completions is compared with its reasoning parts first (``_reasoning_first``)."""
    warnings: list[ConversionWarning] = []
    try:
        again = run.adapter.encode_response(decoded, warnings)
    except ConversionRefused as refused:
        run.problems.append(f"encode_response refused what decode_response gave: {refused}")
        return None
    run.note(warnings, "encode_response")
    redecoded = run.adapter.decode_response(again)
    if folded and run.body.format == "openai-chat":
        decoded, redecoded = _reasoning_first(decoded), _reasoning_first(redecoded)
    run.problems += _same("decode_response(encode_response(decoded))", decoded, redecoded, warnings)
    return again


def _reasoning_first(response: ChatResponse) -> ChatResponse:
    """``response`` with its reasoning parts moved before the others (each kind keeping its order). A Chat
    Completions message holds reasoning (``reasoning_content``, ``reasoning_details``) apart from ``content``
    and ``tool_calls``: where a stream sent it, after the text or before, is not a member of the body (Gemini
    through OpenRouter sends its encrypted reasoning after the text), and ``decode_response`` reads it first."""
    document = _canonical(response)
    parts = document["message"]["parts"]
    document["message"]["parts"] = sorted(parts, key=lambda part: part.get("type") != "reasoning")
    return ChatResponse.model_validate(document)


_STARTS = {"anthropic": "message_start", "openai-responses": "response.created"}
"""The event that opens a stream, by format: a body where it opens more than one holds several calls' streams."""


def calls(format: str, events: list[Event]) -> list[list[Event]]:
    """``events`` cut where each call's stream opens again (``_STARTS``): some sources kept a tool loop's
    several streams in one recording (vercel/ai's ``*.chunks.txt`` of Anthropic tool search and programmatic
    tool calling, and of Azure's Responses tool search), which no server sent as one stream."""
    start = _STARTS.get(format)
    out: list[list[Event]] = []
    for event in events:
        data = _json_or_none(event.data)
        opens = start is not None and isinstance(data, dict) and data.get("type") == start
        if opens or not out:
            out.append([])
        out[-1].append(event)
    return out


def _stream(run: _Check, pairs: dict[str, Body]) -> None:
    """Each call's stream in the body (``calls``: one but for a few sources) checked as a stream; the problems
    of the second and later name their call and its first event's position in the body."""
    segments = calls(run.body.format, run.body.events())
    offset = 0
    for k, events in enumerate(segments):
        before = len(run.problems)
        _one_stream(run, events, pairs if len(segments) == 1 else {}, offset)
        if len(segments) > 1:
            label = f"call {k + 1} of {len(segments)} (from event /{offset})"
            run.problems[before:] = [f"{label}: {problem}" for problem in run.problems[before:]]
        offset += len(events)


def _one_stream(run: _Check, events: list[Event], pairs: dict[str, Body], offset: int) -> None:
    reading = readers.read_stream(run.body.format, events)
    decoder = run.adapter.stream_decoder()
    out: list[Any] = []
    for n, event in enumerate(events):
        try:
            out += decoder.feed(SseEvent(event.event, event.data))
        except ConversionRefused as refused:
            raise Refusal(refused, f"stream event /{n + offset}") from None
        except (ValueError, KeyError, TypeError) as exc:
            run.problems.append(f"the decoder raised at /{n + offset}: {type(exc).__name__}: {exc}")
            return
    out += decoder.close()
    warned = [dataclasses.replace(w, where=_shifted(w.where, offset)) for w in decoder.warnings]
    run.note(warned, "the stream decoder")
    errors = [event for event in map(_canonical, out) if event.get("type") == "error"]
    if reading.error is not None:
        if not errors:
            run.problems.append(f"the recorded stream ends in an error at {reading.error}; the decoder gives none")
        return
    for error in errors:
        inner = error.get("error") or {}
        run.problems.append(f"the decoder gives an error event: {inner.get('kind')}: {inner.get('message')}")
    try:
        folded = fold(out)
    except StreamError as exc:
        run.problems.append(f"the fold fails: {exc}")
        return
    run.problems += compare(reading, _canonical(folded), [w.where for w in decoder.warnings])
    data = [None] * offset + [_json_or_none(event.data) for event in events]
    run.unfound += unfound_in_stream(data, _canonical(folded), [w.where for w in warned])
    _round_trip(run, folded, folded=True)
    paired = pairs.get(run.body.stem)
    if paired is not None and reading.id is not None:
        other = readers.read_response(paired.format, paired.json())
        if other.id == reading.id:  # the same call, recorded both ways
            run.problems += [f"against {paired.file}: {problem}" for problem in compare(other, _canonical(folded))]


def _shifted(where: str, offset: int) -> str:
    """A pointer into one call's events (``/3/delta``) as a pointer into the whole body's (``/3+offset/delta``)."""
    head, _, rest = where[1:].partition("/")
    if not offset or not where.startswith("/") or not head.isdigit():
        return where
    return f"/{int(head) + offset}" + (f"/{rest}" if rest else "")


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


class _Rejected(Exception):  # noqa: N818 (it carries decode_request's rejection out of a check)
    pass


def _request(run: _Check) -> None:
    body = run.body.json()
    try:
        decoded, warnings = run.adapter.decode_request(body)
    except ConversionRefused as refused:
        raise Refusal(refused, "decode_request") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise _Rejected(f"decode_request rejected it: {type(exc).__name__}: {exc}") from None
    run.note(warnings, "decode_request")
    if isinstance(body, dict) and "model" not in body and _canonical(decoded).get("model") is None:
        # the model travelled in the URL (Gemini, Bedrock, Vertex): the body cannot give it back
        decoded = ChatRequest.model_validate({**_canonical(decoded), "model": URL_MODEL})
    try:
        again, encode_warnings = run.adapter.encode_request(decoded)
    except ConversionRefused as refused:
        run.problems.append(f"encode_request refused what decode_request gave: {refused}")
        return
    except WireError as invalid:
        run.problems.append(f"encode_request rejected what decode_request gave: {invalid}")
        return
    run.note(encode_warnings, "encode_request")
    redecoded, _ = run.adapter.decode_request(again)
    run.problems += _same("decode_request(encode_request(decoded))", decoded, redecoded, encode_warnings)
    if isinstance(body, dict) and body.get("stream") is True:
        again = run.adapter.stream_request_flags(again)
    if isinstance(body, dict) and body.get("stream") is False:  # the call's mode, and the default one
        body = {key: value for key, value in body.items() if key != "stream"}
    fmt, request = run.body.format, _canonical(decoded)
    places = [w.where for w in warnings] + [body_place(w.where, fmt, request) for w in encode_warnings]
    missing = unreported(equivalent(body, fmt), equivalent(again, fmt), places)
    _members(run, missing, "no warning of either step reports it")


def _provider_message(body: Any) -> str | None:
    """The provider's error message, read plainly: ``error.message``, ``error`` as text, ``message``."""
    if isinstance(body, list) and body:
        body = body[0]
    if not isinstance(body, dict):
        return None
    inner = body.get("error")
    if isinstance(inner, dict) and isinstance(inner.get("message"), str):
        return str(inner["message"])
    if isinstance(inner, str):
        return inner
    for key in ("message", "detail"):
        if isinstance(body.get(key), str):
            return str(body[key])
    return None


def _error(run: _Check) -> None:
    raw = run.body.path.read_bytes()
    error = _canonical(run.adapter.decode_error(run.body.status(), {}, raw))
    if error.get("kind") == "invalid_response":
        run.problems.append(f"decode_error gives kind invalid_response: {error.get('message')!r:.160}")
    message = _provider_message(json.loads(raw))
    if message and message not in str(error.get("message", "")):
        given = str(error.get("message"))
        run.problems.append(f"decode_error's message {given!r:.120} lacks the provider's {message!r:.120}")


def check(adapter: Adapter, body: Body, pairs: dict[str, Body]) -> Verdict:
    """Run the checks of ``body``'s kind; ``pairs`` maps a ``Body.stem`` to its non-streamed response body."""
    run = _Check(adapter, body)
    verdict = Verdict(body.file, body.group, body.kind)
    try:
        if body.kind == "response":
            _response(run)
        elif body.kind == "stream":
            _stream(run, pairs)
        elif body.kind == "request":
            _request(run)
        else:
            _error(run)
    except Refusal as refusal:
        support = adapter.manifest.features.get(refusal.refused.feature)
        if support is not None and support.level == "refused":
            verdict.verdict, verdict.reasons = "refused", [str(refusal)]
            return verdict
        level = "not in the manifest" if support is None else f"declared {support.level}"
        run.problems.append(f"{refusal} (feature {refusal.refused.feature!r} is {level})")
    except _Rejected as rejected:
        verdict.verdict, verdict.reasons, verdict.decode_rejected = "failed", [str(rejected)], True
        return verdict
    except (ValueError, KeyError, TypeError) as exc:  # WireError and the adapters' ValueErrors naming a member
        run.problems.append(f"{type(exc).__name__}: {exc}")
    verdict.warnings = [f"{w.feature} at {w.where or '/'}" for w in run.warnings]
    verdict.unfound = run.unfound
    if run.problems:
        verdict.verdict, verdict.reasons = "failed", run.problems
    elif run.warnings:
        verdict.verdict = "declared-lossy"
    return verdict


def _scenario_key(body: Body) -> str:
    """A call's stem without a trailing ``-N`` (the corpus numbers the exchanges of one scenario)."""
    head, _, number = body.stem.rpartition("-")
    return head if number.isdigit() and head else body.stem


def rightly_rejected(verdict: Verdict, body: Body, provider_errors: dict[str, Body]) -> Verdict:
    """``verdict`` as ``rejected`` when ``decode_request`` rejected ``body`` and the provider answered the same
    call (same stem, or the same scenario) with a 4xx error, which ``provider_errors`` maps by stem."""
    if not verdict.decode_rejected:
        return verdict
    answer = provider_errors.get(body.stem) or provider_errors.get(_scenario_key(body))
    status = answer.status() if answer is not None else None
    if answer is None or status is None or not 400 <= status < 500:
        return verdict
    verdict.verdict = "rejected"
    verdict.reasons = [*verdict.reasons, f"and the provider answered {status} ({answer.path.name})"]
    return verdict
