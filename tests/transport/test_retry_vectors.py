"""The shared retry vectors (``conformance/vectors/retry.json``), which the TypeScript and Go tests run too:
for a policy, a canonical error, the response headers, the retry number and the jitter's random draw, the
wait before that retry in milliseconds, or None when the call must not be retried."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import REPO_ROOT
from wirechat._generated.models import Error
from wirechat.transport.retry import RetryPolicy

CASES: list[dict[str, Any]] = json.loads(
    (REPO_ROOT / "conformance" / "vectors" / "retry.json").read_text(encoding="utf-8")
)["cases"]


def _policy(case: dict[str, Any]) -> RetryPolicy:
    policy, draw = case["policy"], case["random"]
    return RetryPolicy(
        max_retries=policy["max_retries"],
        initial_delay=policy["initial_delay_ms"] / 1000,
        max_delay=policy["max_delay_ms"] / 1000,
        jitter=policy["jitter"],
        max_retry_after=policy["max_retry_after_ms"] / 1000,
        random=lambda: draw,
    )


@pytest.mark.parametrize("case", CASES, ids=[case["description"] for case in CASES])
def test_the_policy_waits_as_the_vector_says(case: dict[str, Any]) -> None:
    delay = _policy(case).delay(Error.model_validate(case["error"]), case["headers"], case["retry"])
    assert (None if delay is None else delay * 1000) == pytest.approx(case["delay_ms"], abs=1e-6)


def test_the_vectors_cover_unreadable_waits() -> None:
    unreadable = [case for case in CASES if "unreadable" in case["description"]]
    assert len(unreadable) >= 6
