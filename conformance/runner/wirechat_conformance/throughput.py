"""Throughput over the line protocol: simple cases per second per language, against a named baseline.

The baseline is the same testee answering ``hello`` (protocol framing only, no wirechat work), sent
the same way (pipelined) in the same run; the report gives both rates and their ratio.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from wirechat_conformance.paths import Layout
from wirechat_conformance.testees import Testee, command_for

if TYPE_CHECKING:
    from wirechat_conformance.suite import Options

__all__ = ["SIMPLE_MESSAGE", "measure"]

SIMPLE_MESSAGE = json.dumps({"role": "user", "parts": [{"type": "text", "text": "What is the weather in Paris?"}]})


def _rate(testee: Testee, requests: list[dict[str, object]]) -> float:
    testee.call_many(requests[:200])  # warm up
    started = time.perf_counter()
    answers = testee.call_many(requests)
    elapsed = time.perf_counter() - started
    failed = [answer for answer in answers if not answer.get("ok")]
    if failed:
        raise RuntimeError(f"{testee.language}: {len(failed)} answers failed, the first: {failed[0]}")
    return len(requests) / elapsed


def measure(layout: Layout, options: Options, count: int) -> str:
    """Rates of ``count`` simple cases and of ``count`` hello requests, per language of ``options``."""
    languages = options.languages
    overrides = options.testee_commands
    lines = [f"{count} simple cases (decode, canonicalise and encode a one-part Message) per language:"]
    for language in languages:
        with Testee(language, command_for(language, layout, overrides), layout.root) as testee:
            baseline = _rate(testee, [{"op": "hello"}] * count)
            cases = _rate(testee, [{"op": "decode", "type": "Message", "text": SIMPLE_MESSAGE}] * count)
        lines.append(
            f"  {language:<11} {cases:>9,.0f} cases/s   baseline (hello over the same pipe) {baseline:>9,.0f}/s   "
            f"ratio {cases / baseline:.2f}"
        )
    return "\n".join(lines)
