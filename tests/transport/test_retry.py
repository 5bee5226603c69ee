"""The retry policy: which errors are retried, how long to wait, and the server's headers."""

from __future__ import annotations

import email.utils
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wirechat import Error
from wirechat.transport.retry import RetryPolicy, server_retry_after, should_retry_header

pytestmark = pytest.mark.timeout(30)

RATE_LIMITED = Error(kind="rate_limited", message="slow down", retryable=True, status=429)
QUOTA = Error(kind="rate_limited", message="quota", retryable=False, status=429, provider_code="insufficient_quota")


def no_jitter(**overrides: float) -> RetryPolicy:
    return RetryPolicy(random=lambda: 0.0, **overrides)  # type: ignore[arg-type]


def test_backoff_doubles_up_to_the_cap() -> None:
    policy = no_jitter(initial_delay=0.5, max_delay=3.0)
    assert [policy.backoff(n) for n in range(5)] == [0.5, 1.0, 2.0, 3.0, 3.0]


@given(st.integers(0, 20), st.floats(0, 1, exclude_max=True))
def test_jitter_only_shortens_by_at_most_the_fraction(retry: int, draw: float) -> None:
    policy = RetryPolicy(jitter=0.25, random=lambda: draw)
    base = min(0.5 * 2.0**retry, 8.0)
    assert base * 0.75 <= policy.backoff(retry) <= base


def test_retryable_errors_are_retried_until_max_retries() -> None:
    policy = no_jitter(max_retries=2)
    assert policy.delay(RATE_LIMITED, {}, 0) == 0.5
    assert policy.delay(RATE_LIMITED, {}, 1) == 1.0
    assert policy.delay(RATE_LIMITED, {}, 2) is None


def test_non_retryable_errors_are_not_retried() -> None:
    assert no_jitter().delay(QUOTA, {}, 0) is None


def test_x_should_retry_overrides_the_kind() -> None:
    assert no_jitter().delay(QUOTA, {"x-should-retry": "true"}, 0) == 0.5
    assert no_jitter().delay(RATE_LIMITED, {"x-should-retry": "false"}, 0) is None


def test_server_waits_come_first_and_in_order() -> None:
    policy = no_jitter()
    assert policy.delay(RATE_LIMITED, {"retry-after-ms": "250", "retry-after": "9"}, 0) == 0.25
    assert policy.delay(RATE_LIMITED, {"retry-after": "2"}, 0) == 2.0
    from_body = RATE_LIMITED.model_copy(update={"retry_after_ms": 1500})
    assert policy.delay(from_body, {}, 0) == 1.5


def test_a_wait_beyond_the_cap_is_not_sat_out() -> None:
    assert no_jitter(max_retry_after=10).delay(RATE_LIMITED, {"retry-after": "3600"}, 0) is None


def test_retry_after_as_an_http_date() -> None:
    now = time.time()
    header = email.utils.formatdate(now + 30, usegmt=True)
    assert server_retry_after({"retry-after": header}, now=now) == pytest.approx(30, abs=1)
    past = email.utils.formatdate(now - 30, usegmt=True)
    assert server_retry_after({"retry-after": past}, now=now) == 0.0


@pytest.mark.parametrize("value", ["soon", "-1", "nan", "inf", ""])
def test_unreadable_retry_after_is_ignored(value: str) -> None:
    assert server_retry_after({"retry-after": value}) is None
    assert server_retry_after({"retry-after-ms": value}) is None


def test_should_retry_header_values() -> None:
    assert should_retry_header({"x-should-retry": "TRUE"}) is True
    assert should_retry_header({"x-should-retry": "false"}) is False
    assert should_retry_header({"x-should-retry": "maybe"}) is None


@pytest.mark.parametrize(
    ("field", "value"), [("max_retries", -1), ("initial_delay", -0.1), ("max_delay", float("inf")), ("jitter", 1.5)]
)
def test_bad_policies_are_refused_with_the_field_named(field: str, value: float) -> None:
    with pytest.raises(ValueError, match=field):
        RetryPolicy(**{field: value})  # type: ignore[arg-type]
