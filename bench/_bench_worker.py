"""One shape's measurements for ``codec_bench.py``, run in a fresh process: prints a JSON object.

python bench/_bench_worker.py SHAPE DOCUMENTS ROUNDS SEED
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import orjson

import wirechat
from wirechat import _fast_check

sys.path.insert(0, str(Path(__file__).resolve().parent))
import peers
from shapes import make_shape

try:
    from wirechat import fast
except ImportError:  # the fast engine is optional in older trees
    fast = None  # type: ignore[assignment]

Contender = tuple[str, Callable[[Any], Any], list[Any], str]  # name, function, items, baseline name


def _pass(function: Callable[[Any], Any], items: list[Any]) -> float:
    start = time.perf_counter()
    for item in items:
        function(item)
    return time.perf_counter() - start


def measure(contenders: list[Contender], rounds: int, rng: random.Random, count: int) -> dict[str, Any]:
    for _, function, items, _ in contenders:
        _pass(function, items)  # warm-up
    times: dict[str, list[float]] = {name: [] for name, *_ in contenders}
    for _ in range(rounds):
        order = list(contenders)
        rng.shuffle(order)
        for name, function, items, _ in order:
            times[name].append(_pass(function, items))
    result = {}
    for name, _, _, baseline in contenders:
        ratios = [t / b for t, b in zip(times[name], times[baseline], strict=True)]
        result[name] = {
            "us": statistics.median(times[name]) / count * 1e6,
            "ratio": statistics.median(ratios),
            "low": min(ratios),
            "high": max(ratios),
            "baseline": baseline,
            "seconds": times[name],
        }
    return result


def _python_path(function: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``function`` with every native function hidden from the codec (its pure-Python path), as
    ``_fast_check.use_native(False)`` does, by plain assignments (cheap enough to make per item)."""

    def run(item: Any) -> Any:
        saved = _fast_check.native_scan, _fast_check.may_hold_nonfinite, _fast_check._is_base64
        _fast_check.native_scan = _fast_check.may_hold_nonfinite = None
        _fast_check._is_base64 = _fast_check._pure_is_base64
        try:
            return function(item)
        finally:
            _fast_check.native_scan, _fast_check.may_hold_nonfinite, _fast_check._is_base64 = saved

    return run


def retained(blobs: list[bytes], decoders: dict[str, Callable[[bytes], Any]]) -> dict[str, float]:
    size = sum(map(len, blobs))
    out = {}
    for name, decode in decoders.items():
        gc.collect()
        tracemalloc.start()
        kept = [decode(blob) for blob in blobs]
        out[name] = tracemalloc.get_traced_memory()[0] / size
        tracemalloc.stop()
        del kept
    return out


def main(shape: str, count: int, rounds: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    documents = make_shape(shape, count, seed)
    blobs = [orjson.dumps(d) for d in documents]
    models = [wirechat.decode(b, wirechat.ChatRequest) for b in blobs]
    structs = [msgspec.json.decode(b, type=peers.MRequest) for b in blobs]
    hand = [peers.PYDANTIC_REQUEST.validate_python(d) for d in documents]
    openai_adapter = peers.openai_adapter()
    openai_dicts = [peers.to_openai(d) for d in documents]
    openai_blobs = [orjson.dumps(o) for o in openai_dicts]
    from pydantic_ai.messages import ModelMessagesTypeAdapter as pai  # noqa: PLC0415, N813

    pai_objects = [peers.to_pydantic_ai(d) for d in documents]
    pai_blobs = [pai.dump_json(o) for o in pai_objects]
    pai_dicts = [orjson.loads(b) for b in pai_blobs]
    # every typed contender round-trips a sample exactly before it is timed
    for index in range(0, count, max(1, count // 10)):
        assert orjson.loads(wirechat.encode(models[index])) == documents[index]
        assert orjson.loads(msgspec.json.encode(structs[index])) == documents[index]
        assert orjson.loads(peers.PYDANTIC_REQUEST.dump_json(hand[index], exclude_none=True)) == documents[index]
        assert pai.dump_json(pai.validate_json(pai_blobs[index])) == pai_blobs[index]
    loads, dumps = "orjson.loads (baseline)", "orjson.dumps (baseline)"
    oa_loads, oa_dumps = "orjson.loads, openai-format bytes", "orjson.dumps, openai-format dicts"
    pai_loads, pai_dumps = "orjson.loads, pydantic-ai-format bytes", "orjson.dumps, pydantic-ai-format dicts"
    decode: list[Contender] = [
        (loads, orjson.loads, blobs, loads),
        ("wirechat.decode", lambda b: wirechat.decode(b, wirechat.ChatRequest), blobs, loads),
        ("msgspec hand-written Structs (no I-JSON checks)", msgspec.json.Decoder(peers.MRequest).decode, blobs, loads),
        (
            "pydantic hand-written, loads + validate_python",
            lambda b: peers.PYDANTIC_REQUEST.validate_python(orjson.loads(b)),
            blobs,
            loads,
        ),
        (oa_loads, orjson.loads, openai_blobs, oa_loads),
        ("openai SDK types, loads + validate_python", peers.openai_decoder(openai_adapter), openai_blobs, oa_loads),
        (pai_loads, orjson.loads, pai_blobs, pai_loads),
        ("pydantic-ai ModelMessagesTypeAdapter.validate_json", pai.validate_json, pai_blobs, pai_loads),
    ]
    encode: list[Contender] = [
        (dumps, orjson.dumps, documents, dumps),
        ("wirechat.encode", wirechat.encode, models, dumps),
        ("msgspec hand-written Structs", msgspec.json.Encoder().encode, structs, dumps),
        (
            "pydantic hand-written TypeAdapter.dump_json",
            lambda m: peers.PYDANTIC_REQUEST.dump_json(m, exclude_none=True),
            hand,
            dumps,
        ),
        (oa_dumps, orjson.dumps, openai_dicts, oa_dumps),
        (
            "openai SDK types TypeAdapter.dump_json",
            lambda o: openai_adapter.dump_json(o, warnings=False),
            openai_dicts,
            oa_dumps,
        ),
        (pai_dumps, orjson.dumps, pai_dicts, pai_dumps),
        ("pydantic-ai ModelMessagesTypeAdapter.dump_json", pai.dump_json, pai_objects, pai_dumps),
    ]
    decoders: dict[str, Callable[[bytes], Any]] = {
        "orjson": orjson.loads,
        "wirechat": lambda b: wirechat.decode(b, wirechat.ChatRequest),
    }
    if fast is not None:
        fast_values = [fast.decode(b, fast.ChatRequest) for b in blobs]
        for index in range(0, count, max(1, count // 10)):
            assert orjson.loads(fast.encode(fast_values[index])) == documents[index]
        fast_decode = lambda b: fast.decode(b, fast.ChatRequest)  # noqa: E731
        decode.insert(2, ("wirechat.fast.decode", fast_decode, blobs, loads))
        encode.insert(2, ("wirechat.fast.encode (checks the Structs)", fast.encode, fast_values, dumps))
        unchecked = ("wirechat.fast.encode(check=False)", lambda v: fast.encode(v, check=False), fast_values, dumps)
        encode.insert(3, unchecked)
        if _fast_check.native_scan is not None:  # the same engine without the native module, in the same rounds
            decode.insert(3, ("wirechat.fast.decode, pure-Python path", _python_path(fast_decode), blobs, loads))
            python_encode = ("wirechat.fast.encode (checks), pure-Python path", _python_path(fast.encode))
            encode.insert(4, (*python_encode, fast_values, dumps))
        decoders["wirechat"] = lambda b: fast.decode(b, fast.ChatRequest)
        decoders["wirechat (pydantic models)"] = lambda b: wirechat.decode(b, wirechat.ChatRequest)
    gc.collect()
    gc.freeze()
    result = {
        "native": fast is not None and _fast_check.native_scan is not None,
        "documents": count,
        "rounds": rounds,
        "kb_per_document": sum(map(len, blobs)) / count / 1e3,
        "decode": measure(decode, rounds, rng, count),
        "encode": measure(encode, rounds, rng, count),
    }
    gc.unfreeze()
    del models, structs, hand, pai_objects
    result["memory"] = retained(blobs, decoders)
    return result


if __name__ == "__main__":
    shape_name, documents_count, rounds_count, seed_value = sys.argv[1], *map(int, sys.argv[2:5])
    print(json.dumps(main(shape_name, documents_count, rounds_count, seed_value)))
