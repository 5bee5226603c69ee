"""Where adapter request encode spends its time (not a test; decision 023's breakdown).

On ``adapters_bench``'s request (26 messages, 35 parts, 8 tool calls, one 2.4 KB image), each row is one
ingredient of ``encode_request`` timed alone in this process, as a ratio to ``orjson.dumps`` of the
adapter's body measured in the same round: the pydantic attribute walk every encoder has to do, the JSON
pointers built for every message and part, the warning machinery, the tool-call arguments check
(Anthropic and Gemini parse the arguments, check them and compare them with their compact form), the
``provider_options`` check, and the rejected alternative of letting pydantic-core walk the model
(``model_dump``). Medians of ``--rounds`` rounds, with the spread (low-high).

Run: ``python bench/encode_breakdown.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from pydantic import MISSING

sys.path.insert(0, str(Path(__file__).resolve().parent))
from adapters_bench import _request

from wirechat.adapters import _conversion, _parts, get
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.tool_arguments import parse_arguments


def _time(function: Callable[[], Any], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def _best(function: Callable[[], Any], repeat: int) -> float:
    """The fastest of 5 samples of ``repeat`` calls (a lost time slice lands in one sample only)."""
    return min(_time(function, repeat) for _ in range(5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--adapters", default="openai-chat,anthropic,openai-responses,openai-compatible:ollama,gemini")
    args = parser.parse_args()
    request = _request()
    calls = [part.tool_call for message in request.messages for part in message.parts if part.type == "tool_call"]
    options = request.model_copy(update={"provider_options": {"openai-chat": {"reasoning_effort": "low", "user": "u"}}})

    def walk() -> None:  # every attribute a message encoder reads, nothing built
        for message in request.messages:
            _ = (message.role, message.name, message.id, message.provider_metadata)
            for part in message.parts:
                _ = (type(part), part.provider_metadata)

    def pointers() -> None:  # one pointer per message and one per part, as the encoders build them
        for i, message in enumerate(request.messages):
            where = f"/messages/{i}"
            for j, _part in enumerate(message.parts):
                _ = f"{where}/parts/{j}"

    def warnings_machinery() -> None:  # a Conversion and one metadata_for per message and part
        _conversion.Conversion(MANIFEST)
        for message in request.messages:
            _conversion.metadata_for(message.provider_metadata, "openai")
            for part in message.parts:
                _conversion.metadata_for(part.provider_metadata, "openai")

    def arguments() -> None:  # Anthropic's and Gemini's check of each call's arguments
        for call in calls:
            _ = _conversion.compact_json(parse_arguments(call.arguments)) != call.arguments

    def provider_options() -> None:
        body: dict[str, Any] = {}
        _parts.merge_provider_options(options.provider_options, "openai-chat", body, MANIFEST.options_schema)

    ingredients: dict[str, Callable[[], Any]] = {
        "attribute walk (no output)": walk,
        "pointers for every message and part": pointers,
        "Conversion + metadata_for per part": warnings_machinery,
        "tool arguments parse + compact check": arguments,
        "provider_options check (2 members)": provider_options,
        "request.model_dump() (pydantic-core walk)": request.model_dump,
        "request.model_dump(mode='json')": lambda: request.model_dump(mode="json"),
    }
    names = args.adapters.split(",")
    adapters = {name: get(name) for name in names}
    bodies = {name: adapter.encode_request(request)[0] for name, adapter in adapters.items()}
    ratios: dict[str, list[float]] = {}
    dumps_us: list[float] = []
    for _ in range(args.rounds):
        base = {name: _time(lambda b=body: orjson.dumps(b), 400) for name, body in bodies.items()}
        dumps_us.append(base[names[0]] * 1e6)
        for name, adapter in adapters.items():
            ratio = _time(lambda a=adapter: a.encode_request(request), 40) / base[name]
            ratios.setdefault(f"encode_request {name}", []).append(ratio)
        for label, function in ingredients.items():
            ratios.setdefault(label, []).append(_time(function, 40) / base[names[0]])
    assert request.options is not MISSING
    print(f"x orjson.dumps(body) ({names[0]}'s body for the ingredients: median {statistics.median(dumps_us):.1f} us)")
    print(f"{len(calls)} tool calls; medians of {args.rounds} rounds (low-high)")
    for label, values in ratios.items():
        print(f"  {label:44} {statistics.median(values):6.2f}x  ({min(values):.2f}-{max(values):.2f})")
    print(json.dumps({label: round(statistics.median(values), 2) for label, values in ratios.items()}))
    _after(request, args.rounds)


def _after(request: Any, rounds: int) -> None:
    """With the fast passes: how much of each adapter's encode is its fast pass over the messages, and
    (Anthropic, Gemini) how much of that pass is checking the tool-call arguments."""
    from wirechat.adapters import _encode_fast  # noqa: PLC0415
    from wirechat.adapters.anthropic import request_fast as anthropic_fast  # noqa: PLC0415
    from wirechat.adapters.gemini import request_fast as gemini_fast  # noqa: PLC0415
    from wirechat.adapters.openai_chat import request_fast as openai_chat_fast  # noqa: PLC0415
    from wirechat.adapters.openai_responses import request_fast as openai_responses_fast  # noqa: PLC0415

    passes = {"openai-chat": openai_chat_fast, "anthropic": anthropic_fast,
              "openai-responses": openai_responses_fast, "gemini": gemini_fast}  # fmt: skip
    texts = [part.tool_call.arguments for message in request.messages for part in message.parts
             if part.type == "tool_call"]  # fmt: skip
    rows: dict[str, list[float]] = {}
    bodies = {name: get(name).encode_request(request)[0] for name in passes}
    for _ in range(rounds):
        for name, module in passes.items():
            adapter, body = get(name), bodies[name]
            dump = _best(lambda b=body: orjson.dumps(b), 100)
            encode = _best(lambda a=adapter: a.encode_request(request), 20)
            walk = _best(lambda m=module: m.messages(request.messages), 20)
            rows.setdefault(f"{name}: encode_request", []).append(encode / dump)
            rows.setdefault(f"{name}: fast pass over the messages", []).append(walk / dump)
            if name in ("anthropic", "gemini"):
                check = _best(lambda: [_encode_fast.arguments_object(text) for text in texts], 20) / dump
                rows.setdefault(f"{name}:   of which the {len(texts)} arguments checks", []).append(check)
    print("with the fast passes (x orjson.dumps of each adapter's own body)")
    for label, values in rows.items():
        print(f"  {label:48} {statistics.median(values):6.2f}x  ({min(values):.2f}-{max(values):.2f})")


if __name__ == "__main__":
    main()
