"""The adapter gate: ``run(name)`` holds any registered adapter to the contract and returns an exit code.

Checks, each reported by name:

1. **manifest**: every feature of ``features.FEATURES`` is declared.
2. **request round trip** (property-based, from the schema): canonical -> provider -> canonical equals
   the input reduced exactly by what the manifest declares; refused features raise ``ConversionRefused``
   naming one of them; the warnings name exactly the degraded features used.
3. **request oracle**: every body the adapter produces validates against the official SDK's request
   type (the ``request_oracle`` the adapter names, ``"module:TypedDict"``), with lazy iterables consumed
   and unknown (silently dropped) keys reported.
4. **response round trip** and **stream law** (property-based): the same for responses, and folding the
   decoded provider stream equals decoding the non-streamed body (parallel tool calls, reasoning with
   signatures, usage in the last events).
5. **recorded shapes**: ``<fixtures>/*.json`` cases (a provider body or SSE events with the canonical
   value they must decode to) from the adapter's ``fixtures_dir``.
6. **error table**: the adapter's ``error_cases`` map to the right kind, retry flag and wait.

Needs the gate-only dependencies: hypothesis, hypothesis-jsonschema and the provider SDK.
"""

# ruff: noqa: PLC0415 (the gate-only dependencies are imported when the gate runs)
from __future__ import annotations

import importlib
import json
import sys
import traceback
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TextIO

from wirechat._generated.models import ChatRequest, ChatResponse
from wirechat.adapters._contract import Adapter, ConversionRefused, ConversionWarning, SseEvent
from wirechat.adapters._registry import get
from wirechat.adapters.features import FEATURES
from wirechat.codec import canonical, encode
from wirechat.stream import events_from_response, fold

__all__ = ["GateFailure", "run", "run_with_profiles", "validate_with_sdk"]


class GateFailure(AssertionError):  # noqa: N818 (a failed check, not an error of the gate)
    """One failed check, with what was expected and what came out."""


def _plain(model: Any) -> Any:
    return json.loads(encode(model))


# ---------------------------------------------------------------- SDK request oracle


def validate_with_sdk(oracle: str, body: Mapping[str, Any]) -> None:
    """Validate ``body`` against the SDK TypedDict ``oracle`` (``"module:Name"``); raises ``GateFailure``
    naming invalid or unknown members. Lazy ``Iterable`` fields are consumed while the TypeAdapter is
    alive (pydantic-core crashes otherwise), and members the TypedDict dropped are reported."""
    import pydantic

    module_name, _, attribute = oracle.partition(":")
    try:
        typed = getattr(importlib.import_module(module_name), attribute)
    except ImportError as exc:
        raise GateFailure(f"the request oracle {oracle} is not installed ({exc}); install the provider SDK") from None
    adapter = pydantic.TypeAdapter(typed)
    iterator_type = type(pydantic.TypeAdapter(Iterable[int]).validate_python([]))

    def consume(value: Any) -> Any:
        if isinstance(value, iterator_type):
            return [consume(item) for item in value]
        if isinstance(value, dict):
            return {key: consume(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [consume(item) for item in value]
        return value

    try:
        validated = consume(adapter.validate_python(body))
    except pydantic.ValidationError as exc:
        raise GateFailure(f"the body does not validate against {oracle}: {exc.errors()[:3]}") from None
    dropped = _dropped_keys(body, validated, "")
    if dropped:
        raise GateFailure(f"{oracle} does not know these members (they would be dropped): {', '.join(dropped)}")
    del adapter


def _dropped_keys(original: Any, validated: Any, path: str) -> list[str]:
    if isinstance(original, Mapping) and isinstance(validated, Mapping):
        out = []
        for key, value in original.items():
            if key not in validated:
                out.append(f"{path}/{key}")
            elif not _free_form(key):
                out += _dropped_keys(value, validated[key], f"{path}/{key}")
        return out
    if isinstance(original, list) and isinstance(validated, list) and len(original) == len(validated):
        return [
            p
            for i, (a, b) in enumerate(zip(original, validated, strict=True))
            for p in _dropped_keys(a, b, f"{path}/{i}")
        ]
    return []


def _free_form(key: str) -> bool:
    """Members whose value is free-form JSON the SDK types as a plain dict (schemas, tool input)."""
    return key in ("parameters", "input_schema", "schema", "input", "metadata")


# ---------------------------------------------------------------- the checks


def _request_round_trip(adapter: Adapter, document: dict[str, Any], oracle: str | None) -> None:
    from wirechat.testing import gate_losses
    from wirechat.testing.gate_expected import expect_request

    request = ChatRequest.model_validate(document)
    expected = expect_request(adapter, json.loads(json.dumps(document)))
    try:
        body, warnings = adapter.encode_request(request)
    except ConversionRefused as exc:
        if exc.feature not in expected.refused:
            raise GateFailure(f"refused {exc.feature} ({exc}), which the manifest does not refuse here") from None
        return
    if expected.refused:
        raise GateFailure(f"did not refuse {sorted(expected.refused)}, which the manifest declares refused")
    _check_warnings(warnings, expected.degraded)
    if oracle is not None:
        validate_with_sdk(oracle, body)
    back, notes = adapter.decode_request(json.loads(json.dumps(body)))
    _same(back, ChatRequest.model_validate(expected.document), "request")
    gate_losses.check_no_unmapped(notes, "its own encoding")
    gate_losses.check_extra_member_reported(adapter, body)


def _check_warnings(warnings: list[ConversionWarning], degraded: set[str]) -> None:
    features = {warning.feature for warning in warnings}
    if features != degraded:
        raise GateFailure(
            f"warnings {sorted(features)} do not match the degraded features used {sorted(degraded)}"
            " (a degradation without a warning is a silent loss)"
        )


def _same(actual: Any, expected: Any, what: str) -> None:
    if canonical(actual) != canonical(expected):
        raise GateFailure(
            f"{what} came back different:\n    got      {canonical(actual).decode()}\n"
            f"    expected {canonical(expected).decode()}"
        )


def _response_round_trip(adapter: Adapter, document: dict[str, Any]) -> None:
    from wirechat.testing.gate_expected_response import expect_response

    response = ChatResponse.model_validate(document)
    expected = expect_response(adapter, json.loads(json.dumps(document)))
    warnings: list[ConversionWarning] = []
    try:
        body = adapter.encode_response(response, warnings)
    except ConversionRefused as exc:
        if exc.feature not in expected.refused:
            raise GateFailure(f"refused {exc.feature} ({exc}), which the manifest does not refuse here") from None
        return
    if expected.refused:
        raise GateFailure(f"did not refuse {sorted(expected.refused)}, which the manifest declares refused")
    _check_warnings(warnings, expected.degraded)
    decoded = adapter.decode_response(json.loads(json.dumps(body)))
    _same(decoded, ChatResponse.model_validate(expected.document), "response")
    _stream_law(adapter, decoded)


def _stream_law(adapter: Adapter, decoded: ChatResponse) -> None:
    """The same content streamed: the canonical events of the decoded body, through the adapter's stream
    encoder to provider SSE events and back through its decoder, fold to the decoded body."""
    plain = decoded
    encoder = adapter.stream_encoder()
    provider_events = [sse for event in events_from_response(plain, 3) for sse in encoder.feed(event)]
    provider_events += encoder.close()
    events = decode_stream(adapter, provider_events)
    _same(fold(events), decoded, "folded stream")


def decode_stream(adapter: Adapter, provider_events: Iterable[SseEvent]) -> list[Any]:
    """Every canonical event of a provider stream, through a fresh decoder."""
    decoder = adapter.stream_decoder()
    events = [event for sse in provider_events for event in decoder.feed(sse)]
    return events + decoder.close()


def _recorded(adapter: Adapter, path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    expected = ChatResponse.model_validate(case["expected"])
    if "body" in case:
        _same(adapter.decode_response(case["body"]), expected, f"{path.name} body")
    if "events" in case:
        sse = [
            SseEvent(e.get("event"), e["data"] if isinstance(e["data"], str) else json.dumps(e["data"]))
            for e in case["events"]
        ]
        _same(fold(decode_stream(adapter, sse)), expected, f"{path.name} stream")


def _error_case(adapter: Adapter, case: tuple[Any, ...]) -> None:
    status, headers, body, kind, retryable, wait = case
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    error = adapter.decode_error(status, headers, raw)
    got = (
        error.kind,
        error.retryable,
        None if "retry_after_ms" not in error.model_fields_set else error.retry_after_ms,
    )
    if got != (kind, retryable, wait):
        raise GateFailure(
            f"HTTP {status} {body!r} gave (kind, retryable, wait) {got}, expected {(kind, retryable, wait)}"
        )


# ---------------------------------------------------------------- the runner


_PLAIN = (GateFailure, ConversionRefused, AssertionError)
"""Failures reported by their message alone (the others with a short traceback)."""


class _Report:
    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lines: list[str] = []
        self.failures = 0

    def check(self, title: str, cases: Iterable[Any], check: Callable[[Any], None], limit: int = 3) -> None:
        count = failed = 0
        first: list[str] = []
        for case in cases:
            count += 1
            try:
                check(case)
            except Exception as exc:
                failed += 1
                if len(first) < limit:
                    detail = (
                        str(exc)
                        if isinstance(exc, (GateFailure, ConversionRefused, AssertionError))
                        else traceback.format_exc(limit=4)
                    )
                    first.append(f"    case {count}: {detail}\n    input: {_short(case)}")
        self.failures += failed
        status = "ok  " if not failed else "FAIL"
        self.emit(f"{status} {title}: {count - failed}/{count} passed")
        for line in first:
            self.emit(line)

    def emit(self, line: str) -> None:
        self.lines.append(line)
        print(line, file=self.out)


def _short(case: Any) -> str:
    try:
        text = json.dumps(case, default=str)
    except (TypeError, ValueError):
        text = repr(case)
    return text if len(text) < 600 else text[:600] + "..."


def _examples(strategy: Any, seed: int, count: int) -> list[Any]:
    """``count`` examples drawn deterministically from ``strategy`` for ``seed``."""
    from wirechat.testing.draws import draw_examples

    return draw_examples(strategy, count, seed)


def run(name: str, *, seed: int = 0, examples: int = 200, report: Path | None = None, out: TextIO | None = None) -> int:
    """Gate the adapter called ``name``: prints a readable report (and writes it to ``report``), returns
    0 when every check passed and 1 otherwise."""
    stream = out if out is not None else sys.stdout
    rep = _Report(stream)
    try:
        adapter = get(name)
    except KeyError as exc:
        rep.emit(f"FAIL {exc.args[0]}")
        return 1
    rep.emit(f"adapter gate: {name} (provider {adapter.provider}, seed {seed}, {examples} examples per property)")
    missing = sorted(set(FEATURES) - set(adapter.manifest.features))
    rep.check("manifest declares every feature", [missing], lambda m: _fail_if(m, "undeclared features"))
    try:
        from wirechat.testing import gate_options, gate_strategies
    except ImportError as exc:
        rep.emit(f"FAIL the gate needs hypothesis and hypothesis-jsonschema: {exc}")
        return 1
    oracle = getattr(adapter, "request_oracle", None)
    if oracle is None:
        rep.emit("FAIL the adapter names no request_oracle (an SDK request type to validate bodies against)")
        rep.failures += 1
    else:
        rep.check(f"request oracle {oracle} importable", [oracle], _import)
    invalid = gate_options.invalid_options(adapter.manifest.options_schema)
    rep.check("provider_options checked against the options schema", invalid,
              lambda case: gate_options.check_refused(adapter, *case))  # fmt: skip
    requests = _examples(gate_strategies.requests(adapter), seed, examples)
    rep.check(
        "request round trip (reduced by the manifest) and SDK validation",
        requests,
        lambda d: _request_round_trip(adapter, d, oracle),
    )
    responses = _examples(gate_strategies.responses(adapter), seed, examples)
    rep.check("response round trip and stream law", responses, lambda d: _response_round_trip(adapter, d))
    fixtures = getattr(adapter, "fixtures_dir", None)
    if fixtures is not None and Path(fixtures).is_dir():
        rep.check(
            f"recorded shapes in {fixtures}", sorted(Path(fixtures).glob("*.json")), lambda p: _recorded(adapter, p)
        )
    else:
        rep.emit("note no recorded-shape fixtures for this adapter (fixtures_dir)")
    cases = getattr(adapter, "error_cases", None)
    if not cases:
        rep.emit("FAIL the adapter lists no error_cases (its documented statuses and error types)")
        rep.failures += 1
    else:
        rep.check("error table", cases, lambda c: _error_case(adapter, c))
    verdict = "PASSED" if not rep.failures else f"FAILED ({rep.failures} failing case(s))"
    rep.emit(f"{name}: {verdict}")
    if report is not None:
        report.write_text("\n".join(rep.lines) + "\n", encoding="utf-8")
    return 0 if not rep.failures else 1


def run_with_profiles(name: str, **options: Any) -> int:
    """``run`` for ``name`` and, for an adapter with named profiles (``openai-compatible``), for every
    ``name:PROFILE`` adapter too; the worst exit code (``report``, when given, holds the last run's)."""
    from wirechat.adapters import names

    profiles = [other for other in names() if other.startswith(name + ":")]
    return max(run(each, **options) for each in [name, *profiles])


def _fail_if(items: list[str], what: str) -> None:
    if items:
        raise GateFailure(f"{what}: {', '.join(items)}")


def _import(oracle: str) -> None:
    module_name, _, attribute = oracle.partition(":")
    try:
        getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as exc:
        raise GateFailure(f"cannot import {oracle}: {exc} (install the provider SDK)") from None


def main(argv: list[str] | None = None) -> int:
    """``python -m wirechat.testing.gate NAME [--seed N] [--examples N] [--report FILE]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m wirechat.testing.gate", description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="+", metavar="NAME", help="adapter names (see wirechat.adapters.names())")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("--report", type=Path, default=None, help="also write the report to this file")
    args = parser.parse_args(argv)
    codes = [run(name, seed=args.seed, examples=args.examples, report=args.report) for name in args.names]
    return max(codes)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
