"""QueryMT plugin benchmark (not a test): wirechat's plugin call against a bare ``extism`` call of the same
JSON to the same plugin, per chat call, in one run, and the plugin's load time.

The plugin is the Go example (``examples/querymt-plugin-go``), built as the tests build it (cached under
``.cache/querymt-plugins/``); both sides talk to the same fake OpenAI-compatible server on 127.0.0.1 and
so pay the same wasm, HTTP and server time. wirechat's side is ``Client.chat(ChatRequest)``: encode the
canonical request, check the cfg against the plugin's schema, call, parse, decode to ``ChatResponse``.
The bare side is ``extism.Plugin.call("chat", <the same bytes>)`` plus ``json.loads``. Rounds alternate
between the two; medians are reported, and the ratio (target: within 1.3x).

Load time: ``PluginHost`` construction (read, compile or fetch from wasmtime's cache, instantiate, read
``config_schema()``, check the config), cold (a fresh wasmtime cache directory) and warm.

Run: ``python bench/querymt_plugin_bench.py [--calls N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "conformance" / "runner"))

import extism  # type: ignore[import-untyped]  # noqa: E402
from wirechat_conformance.plugin_build import example_plugin  # noqa: E402

import wirechat  # noqa: E402
from wirechat.adapters import get  # noqa: E402
from wirechat.testing.fake_provider.server import FakeProvider  # noqa: E402
from wirechat.transport.plugin import Sandbox  # noqa: E402

_LOAD = """
import sys, time
from wirechat.transport.plugin import PluginHost
started = time.perf_counter()
PluginHost(sys.argv[1], config={"base_url": "http://127.0.0.1:1"})
print(time.perf_counter() - started)
"""


def _load_seconds(wasm: Path, cache_dir: str | None) -> float:
    """One load in a fresh process; ``cache_dir`` set: a wasmtime cache there (empty: cold)."""
    env = dict(os.environ)
    if cache_dir is not None:
        config = Path(cache_dir) / "cache.toml"
        config.write_text(f'[cache]\ndirectory = "{cache_dir}/c"\n', encoding="utf-8")
        env["EXTISM_CACHE_CONFIG"] = str(config)
    out = subprocess.run([sys.executable, "-c", _LOAD, str(wasm)], env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"loading the plugin failed:\n{out.stderr}")
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    wasm = example_plugin(ROOT)
    print(f"plugin {wasm.name}: {wasm.stat().st_size / 1e6:.1f} MB")

    with tempfile.TemporaryDirectory() as cache:
        cold = _load_seconds(wasm, cache)
        warm = statistics.median(_load_seconds(wasm, cache) for _ in range(3))
    print(f"load (PluginHost, fresh process): cold {cold:.2f} s (compiling), warm {warm:.3f} s (wasmtime cache)")

    script = {"turns": [{"reply": {"text": "The answer is 42.", "usage": {"input": 30, "output": 6}}}], "loop": True}
    request = wirechat.ChatRequest.model_validate(
        {"model": "gpt-bench", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Why? " * 40}]}]}
    )
    with FakeProvider("openai-chat", script) as fake:
        config = {"base_url": fake.url}
        client = wirechat.Client("querymt", plugin=wasm, config=config, sandbox=Sandbox(allowed_hosts=("127.0.0.1",)))
        body, _ = get("querymt").encode_request(request)
        body["cfg"] = {**config, **body["cfg"]}
        payload = json.dumps(body, separators=(",", ":")).encode()
        manifest = {"wasm": [{"path": str(wasm)}], "allowed_hosts": ["127.0.0.1"], "timeout_ms": 60000,
                    "memory": {"max_pages": 1024}}  # fmt: skip
        bare = extism.Plugin(manifest, wasi=True, functions=[])
        # the same runtime setting PluginHost makes (the provider's headers reach the plugin), so both sides
        # run the same plugin code
        extism.extism._lib.extism_plugin_allow_http_response_headers(bare.plugin)
        assert client.chat(request).message.parts[0].text == json.loads(bare.call("chat", payload))["text"]

        def ours() -> float:
            started = time.perf_counter()
            client.chat(request)
            return time.perf_counter() - started

        def theirs() -> float:
            started = time.perf_counter()
            json.loads(bare.call("chat", payload))
            return time.perf_counter() - started

        for _ in range(20):  # warm both
            ours(), theirs()
        wirechat_times, bare_times = [], []
        for _ in range(args.calls):
            wirechat_times.append(ours())
            bare_times.append(theirs())
    ours_ms, bare_ms = statistics.median(wirechat_times) * 1e3, statistics.median(bare_times) * 1e3
    print(f"chat call, median of {args.calls}: wirechat Client.chat {ours_ms:.3f} ms, bare extism call "
          f"{bare_ms:.3f} ms, ratio {ours_ms / bare_ms:.2f}x (target <= 1.3x)")  # fmt: skip


if __name__ == "__main__":
    main()
