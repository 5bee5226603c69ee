"""One table from an HTTP status and its retry headers to a canonical kind, a retry verdict and a wait
(``wirechat.exchange.classify``), shared by every adapter: a body the adapter cannot read leaves the status
to decide, and ``x-should-retry`` overrides the verdict, never the kind, whoever reads it."""

from __future__ import annotations

import itertools

import pytest
from pydantic import MISSING

from wirechat.adapters import get, names
from wirechat.exchange import classify, should_retry
from wirechat.transport.http import status_error

STATUSES = (400, 401, 402, 403, 404, 408, 409, 413, 418, 422, 429, 500, 502, 503, 504, 520, 529)
HEADERS = (
    {},
    {"x-should-retry": "false"},
    {"X-Should-Retry": "true"},
    {"retry-after": "2"},
    {"retry-after-ms": "150", "x-should-retry": "false"},
    {"Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT", "date": "Wed, 21 Oct 2026 07:27:30 GMT"},
)
UNREADABLE = b"<html><body>502 Bad Gateway</body></html>"
PROVIDER_APIS = [name for name in names() if get(name).default_base_url]
"""Adapters of APIs reached over HTTP (a stored format such as go-model has no statuses of its own)."""


@pytest.mark.parametrize("adapter_name", PROVIDER_APIS)
def test_every_adapter_follows_the_table_when_the_body_says_nothing(adapter_name: str) -> None:
    adapter = get(adapter_name)
    differ = []
    for status, headers in itertools.product(STATUSES, HEADERS):
        expected = classify(status, headers)
        documented = adapter.manifest.status_retryable.get(status)  # the provider's documented exception
        retryable = documented if documented is not None and should_retry(headers) is None else expected.retryable
        error = adapter.decode_error(status, headers, UNREADABLE)
        got = (error.kind, error.retryable, None if error.retry_after_ms is MISSING else error.retry_after_ms)
        if got != (expected.kind, retryable, expected.retry_after_ms):
            differ.append(f"{status} {headers}: {got} != {expected}")
    assert differ == []


def test_the_transport_reads_a_foreign_body_with_the_same_table() -> None:
    for status, headers in itertools.product(STATUSES, HEADERS):
        expected = classify(status, headers)
        error = status_error(status, headers, UNREADABLE)
        assert (error.kind, error.retryable) == (expected.kind, expected.retryable), (status, headers)


@pytest.mark.parametrize("adapter_name", PROVIDER_APIS)
def test_should_retry_false_on_a_503_is_overloaded_and_final_everywhere(adapter_name: str) -> None:
    error = get(adapter_name).decode_error(503, {"x-should-retry": "false"}, b"")
    assert (error.kind, error.retryable) == ("overloaded", False)


def test_the_table() -> None:
    assert classify(503, {}).kind == "overloaded" and classify(503, {}).retryable
    assert classify(503, {"x-should-retry": " FALSE "}).retryable is False
    assert classify(400, {"x-should-retry": "true"}).retryable is True
    assert classify(418, {}).kind == "invalid_request" and classify(520, {}).kind == "provider"
    assert classify(None, {}).kind == "provider"
    assert classify(429, {"retry-after": "1.5"}).retry_after_ms == 1500
    assert classify(400, {}, kind="context_length_exceeded").kind == "context_length_exceeded"
