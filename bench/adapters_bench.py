"""Adapter codec benchmark (not a test): ratios against baselines measured in the same run.

1. Encoding a realistic canonical request to an OpenAI Chat, an Anthropic, an OpenAI Responses, an
   OpenAI-compatible (Ollama profile) and a Gemini body, against ``orjson.dumps`` of the resulting body
   (target: within 2x).
2. Decoding each adapter's stream per event through ``EventPump`` (SSE framing, the adapter's stream
   decoder, the fold), against a bare split-lines + ``orjson.loads`` loop over the same bytes (target:
   within 2x): ``stream_bench.py``, which gives the breakdown by stage too.

Run: ``python bench/adapters_bench.py [--rounds N] [--json PATH]`` (``--json`` writes the ``targets`` rows).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

import wirechat
from wirechat.adapters import get

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stream_bench


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


def _best(function: Callable[[], Any], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--json", type=Path, help="write the target rows (the bench result contract) to this file")
    args = parser.parse_args()
    rounds = args.rounds
    targets: list[dict[str, Any]] = []
    request = _request()
    print(f"adapter codec benchmark (best of {rounds} rounds; ratios against baselines in this run)")
    for name in ("openai-chat", "anthropic", "openai-responses", "openai-compatible:ollama", "gemini"):
        adapter = get(name)
        body, _ = adapter.encode_request(request)
        encode_time = _best(lambda a=adapter: [a.encode_request(request) for _ in range(20)], rounds) / 20
        dump_time = _best(lambda b=body: [orjson.dumps(b) for _ in range(20)], rounds) / 20
        total = encode_time + dump_time
        print(
            f"  encode request {name:26} {encode_time * 1e6:8.1f} us   orjson.dumps(body) {dump_time * 1e6:7.1f} us   "
            f"encode/dump {encode_time / dump_time:5.2f}x   (encode+dump)/dump {total / dump_time:5.2f}x   target 2x"
        )
    _, stream_targets = stream_bench.run(rounds)
    targets.extend(stream_targets)
    if args.json:
        args.json.write_text(json.dumps({"targets": targets}, indent=1))


if __name__ == "__main__":
    main()
