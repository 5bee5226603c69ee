"""Adapter codec benchmark (not a test): ratios against baselines measured in the same run.

1. Encoding a realistic canonical request to an OpenAI Chat, an Anthropic, an OpenAI Responses, an
   OpenAI-compatible (Ollama profile) and a Gemini body, against ``orjson.dumps`` of the resulting body
   timed in the same round (issue 18's target: within 4x; median of the rounds' ratios with their spread).
2. Building a request as the client sends it (``ClientSetup.chat_body``: the adapter's encode, its warnings
   and the body's bytes, written by msgspec since decision 031), against the same ``orjson.dumps`` (issue
   24's target: within 4x, for every adapter); beside it, not a target, the same build with the body written
   by ``json.dumps`` as the client did before decision 031.
Stream decode per event (the adapters' stream decoders through ``EventPump``, against a bare loop of split
lines and ``orjson.loads``, issue 18's 2x target) is ``stream_bench.py``, with the breakdown by stage and its
own ``targets`` rows (``bench/report.py`` runs both scripts; one script per row, so no row is counted twice).

Run: ``python bench/adapters_bench.py [--rounds N] [--json PATH]`` (``--json`` writes the ``targets`` rows).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

import wirechat
from wirechat._calls import ClientSetup, DegradedRequestWarning, warn_degraded
from wirechat.adapters import get


def _request() -> wirechat.ChatRequest:
    messages: list[dict[str, Any]] = [{"role": "system", "parts": [{"type": "text", "text": "You are terse. " * 20}]}]
    for turn in range(8):
        messages.append({"role": "user", "parts": [{"type": "text", "text": f"Question {turn}: " + "words " * 60}]})
        call = {"id": f"call_{turn}", "name": "search", "arguments": json.dumps({"q": f"topic {turn}", "n": 5})}
        messages.append(
            {
                "role": "assistant",
                "parts": [{"type": "text", "text": "Let me look."}, {"type": "tool_call", "tool_call": call}],
            }
        )
        result = {"tool_call_id": f"call_{turn}", "content": "result text " * 40}
        messages.append({"role": "tool", "parts": [{"type": "tool_result", "tool_result": result}]})
    messages.append(
        {
            "role": "user",
            "parts": [
                {"type": "text", "text": "And this image?"},
                {
                    "type": "image",
                    "image": {"source": "base64", "media_type": "image/png", "base64": "iVBORw0KGgoA" * 200},
                },
            ],
        }
    )
    tools = [
        {
            "name": "search",
            "description": "Search the web.",
            "input_schema": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}}},
        }
    ]
    document = {"model": "m", "messages": messages, "tools": tools, "options": {"max_tokens": 1000}}
    return wirechat.ChatRequest.model_validate(document)


ENCODE_ADAPTERS = ("openai-chat", "anthropic", "openai-responses", "openai-compatible:ollama", "gemini")
ENCODE_TARGET = 4.0
"""Issue 18: request encode within 4x ``orjson.dumps`` of the body it produces (decision 023)."""


def encode_rows(rounds: int) -> list[dict[str, Any]]:
    """Request encode per adapter against ``orjson.dumps`` of its own body: in each round both are timed
    (``_paired``, adapters in shuffled order), the ratio is taken in that round; the row reports the median
    ratio over the rounds and its spread, per the bench result contract."""
    request = _request()
    adapters = {name: get(name) for name in ENCODE_ADAPTERS}
    bodies = {name: adapter.encode_request(request)[0] for name, adapter in adapters.items()}
    ratios: dict[str, list[float]] = {name: [] for name in adapters}
    micros: dict[str, list[float]] = {name: [] for name in adapters}
    order = list(adapters)
    shuffle = random.Random(18)
    for _ in range(rounds):
        shuffle.shuffle(order)
        for name in order:
            adapter, body = adapters[name], bodies[name]
            encode, dump = _paired(lambda a=adapter: a.encode_request(request), lambda b=body: orjson.dumps(b))
            ratios[name].append(encode / dump)
            micros[name].append(encode * 1e6)
    rows = []
    for name in ENCODE_ADAPTERS:
        value = statistics.median(ratios[name])
        print(
            f"  encode request {name:26} {statistics.median(micros[name]):8.1f} us   x orjson.dumps(body) "
            f"{value:5.2f} ({min(ratios[name]):.2f}-{max(ratios[name]):.2f})   target {ENCODE_TARGET:g}x"
        )
        rows.append({
            "name": f"{name} request encode x orjson.dumps(body)",
            "value": round(value, 3),
            "target": ENCODE_TARGET,
            "spread": [round(min(ratios[name]), 3), round(max(ratios[name]), 3)],
            "met": value <= ENCODE_TARGET,
            "baseline": "orjson.dumps of the body the adapter produced, same round",
            "note": f"median of {rounds} rounds; adapters_bench's request (26 messages, 8 tool calls); decision 023",
        })  # fmt: skip
    return rows


CLIENT_ADAPTERS = ("openai-chat", "anthropic", "openai-responses", "openai-compatible", "openai-compatible:ollama",
                   "gemini")  # fmt: skip
"""The adapters the HTTP client sends bodies for (go-model is a stored format; querymt calls a plugin)."""
CLIENT_TARGET = 4.0
"""Issue 24: request build as the client sends it (adapter + serialisation) within 4x ``orjson.dumps(body)``."""


def client_rows(rounds: int) -> list[dict[str, Any]]:
    """Request build through the client per adapter against ``orjson.dumps`` of its body, paired per round as
    ``encode_rows``; the build with ``json.dumps`` (before decision 031) is printed beside it."""
    request = _request()
    setups = {name: ClientSetup(name, api_key="bench", base_url=None, timeout=None, max_retries=None, retry=None)
              for name in CLIENT_ADAPTERS}  # fmt: skip
    bodies = {name: setup.adapter.encode_request(request)[0] for name, setup in setups.items()}
    ratios: dict[str, list[float]] = {name: [] for name in setups}
    before: dict[str, list[float]] = {name: [] for name in setups}
    order = list(setups)
    shuffle = random.Random(24)
    with warnings.catch_warnings():  # the request's arguments are not compact: warned on every build
        warnings.simplefilter("ignore", DegradedRequestWarning)
        for _ in range(rounds):
            shuffle.shuffle(order)
            for name in order:
                setup, body = setups[name], bodies[name]

                def stdlib_build(s: ClientSetup = setup) -> bytes:  # chat_body as it was before decision 031
                    built, degraded = s.adapter.encode_request(request)
                    warn_degraded(degraded)
                    return json.dumps(built, separators=(",", ":"), ensure_ascii=False).encode("utf-8")

                build, dump, old = _paired(
                    lambda s=setup: s.chat_body(request, False), lambda b=body: orjson.dumps(b), stdlib_build
                )
                ratios[name].append(build / dump)
                before[name].append(old / dump)
    rows = []
    for name in CLIENT_ADAPTERS:
        value = statistics.median(ratios[name])
        print(
            f"  client request build {name:26} x orjson.dumps(body) {value:5.2f} "
            f"({min(ratios[name]):.2f}-{max(ratios[name]):.2f})   target {CLIENT_TARGET:g}x   "
            f"with json.dumps {statistics.median(before[name]):5.2f}"
        )
        rows.append({
            "name": f"{name} request build through the client x orjson.dumps(body)",
            "value": round(value, 3),
            "target": CLIENT_TARGET,
            "spread": [round(min(ratios[name]), 3), round(max(ratios[name]), 3)],
            "met": value <= CLIENT_TARGET,
            "baseline": "orjson.dumps of the body the adapter produced, same round",
            "note": f"ClientSetup.chat_body (encode + warnings + msgspec body); with json.dumps, as before decision "
                    f"031: {statistics.median(before[name]):.2f}x; median of {rounds} rounds",
        })  # fmt: skip
    return rows


def _paired(*functions: Callable[[], Any], repeat: int = 7, calls: int = 10) -> tuple[float, ...]:
    """The time of one call of each, alternating ``repeat`` times (``calls`` calls each) and keeping each
    one's fastest: on a loaded 2-core machine a time slice lost to another process lands in one sample,
    and the round's ratio stays a ratio of two undisturbed times."""
    best = [float("inf")] * len(functions)
    for _ in range(repeat):
        for k, function in enumerate(functions):
            start = time.perf_counter()
            for _ in range(calls):
                function()
            best[k] = min(best[k], (time.perf_counter() - start) / calls)
    return tuple(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--json", type=Path, help="write the targets rows (bench result contract) to this file")
    args = parser.parse_args()
    rounds = args.rounds
    print(f"adapter codec benchmark ({rounds} rounds; ratios against baselines in this run)")
    targets = encode_rows(rounds) + client_rows(rounds)
    if args.json is not None:
        args.json.write_text(json.dumps({"targets": targets}, indent=1))


if __name__ == "__main__":
    main()
