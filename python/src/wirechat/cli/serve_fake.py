"""``wirechat serve-fake PROVIDER [--port N] [--script FILE]``: run the fake provider server in the foreground.

Prints ``listening on http://127.0.0.1:PORT`` (one line, flushed) once the port is open, and on the next line
the base URL the provider's own SDK takes (OpenAI's needs ``/v1``), then serves until interrupted.
``--log FILE`` writes the requests received as NDJSON on exit, credentials redacted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from typing import Any

from wirechat.cli.usage_error import UsageError
from wirechat.testing.fake_provider import PROVIDERS, FakeProvider, ScriptError

SDK_BASE_URLS = {
    "openai-chat": "OpenAI SDK: OpenAI(base_url='{url}/v1', api_key=...)  (wirechat.Client takes {url})",
    "anthropic": "Anthropic SDK: Anthropic(base_url='{url}', api_key=...)  (wirechat.Client takes the same)",
    "openai-responses": "OpenAI SDK: OpenAI(base_url='{url}/v1', ...).responses  (wirechat.Client takes {url})",
    "openai-compatible": "OpenAI SDK and wirechat.Client: base_url='{url}/v1' (the servers' base URLs hold /v1)",
    "gemini": "google-genai: genai.Client(api_key=..., http_options=types.HttpOptions(base_url='{url}', "
    "api_version='v1beta'))  (wirechat.Client takes {url})",
}
"""What to give each provider's own SDK: OpenAI's puts its version path in the base URL, Anthropic's adds it."""

DESCRIPTION = """\
Serve a fake LLM provider on 127.0.0.1: a real HTTP server that speaks the provider's wire protocol
(JSON bodies and SSE streams) from a script of turns, one turn per request, and injects faults on demand.
Point a client at the printed URL (wirechat.Client(PROVIDER, api_key="test", base_url=URL), or the
provider's own SDK with that base URL).
"""

EPILOG = """\
script format (JSON: a list of turns, or {"turns": [...], "loop": true}; or NDJSON, one turn per line):

  {"reply": {...}}     what the model says, in the provider's format, streamed if the request asks:
      text             the answer text
      reasoning        {"text", "signature"}  (anthropic only: a thinking block)
      tool_calls       [{"id", "name", "arguments"}]   arguments: an object or a JSON string
      finish           the provider's raw finish reason (default: the natural one)
      usage            {"input", "output", "cache_read", "cache_write", "reasoning"}, wirechat meanings
      id, model        the response id and model name
      chunk_size       characters per streamed fragment (default 8)
      interleave       true: parallel tool calls' fragments alternate (openai-chat)
      embeddings       [[numbers], ...] for an embeddings request (openai-chat; default: one small vector
                       per input, of the request's "dimensions" or 3 numbers)
  {"raw": {"status", "headers", "body"}}          an exact JSON answer
  {"raw": {"status", "headers", "sse": [{"event", "data"}]}}   an exact event stream
  {"fault": {...}}     a fault, alone or beside a reply (the reply plays up to the fault):
      {"type": "status", "status": 429, "retry_after": 1, "retry_after_ms": 20, "should_retry": true,
       "error_type": "rate_limit_error", "code": "...", "message": "..."}     an HTTP error
      {"type": "drop", "after": N}         close the connection after N stream events (0: before answering)
      {"type": "malformed", "after": N}    a stream event with cut-short JSON
      {"type": "error_event", "after": N, "error_type": "overloaded_error"}   an error event after a 200
  {"hostile": {"body", ...}}   an answer from the client fault suite, alone in its turn:
      {"body": "flood", "bytes": N, "status": 200}   N bytes of JSON-looking body (500: a huge error body)
      {"body": "gzip_bomb", "bytes": N}              a gzip body inflating to N bytes
      {"body": "sse_line", "bytes": N, "chunk_bytes": 1024}   one SSE data line that never ends
      {"body": "redirect", "status": 307, "location": "{origin}/v1/..."}   {origin}: this server as localhost
      {"body": "trickle", "bytes": N, "interval_ms": 1000}    a body sent one byte at a time
  "delay_ms": N        a pause before each stream event (a slow stream) or before the answer
  "repeat": N          this turn answers N requests

  Every request takes the next turn, whatever its endpoint; faults apply to all of them (a non-streamed
  request is dropped before any byte, gets a cut JSON body for "malformed", an HTTP error for "error_event").
  When the script runs out (and "loop" is not set) every request gets a 500 that says so.

  Without --script, every request is answered with a short text reply.

endpoints (POST):
  openai-chat   /v1/chat/completions (text, tool_calls, streamed or not), /v1/embeddings (embeddings),
                /v1/completions (legacy text completion: text, finish, usage, id, model)
  anthropic     /v1/messages; other paths answer 404 (Anthropic has no embeddings or completions)

examples:
  wirechat serve-fake openai-chat --port 8000
  wirechat serve-fake anthropic --script turns.ndjson --api-key test-key --log requests.ndjson

  turns.ndjson:
    {"fault": {"type": "status", "status": 529}}
    {"reply": {"text": "Hello!", "usage": {"input": 12, "output": 3}}}
    {"reply": {"text": "cut short"}, "fault": {"type": "drop", "after": 3}}
"""

DEFAULT_SCRIPT: dict[str, Any] = {"turns": [{"reply": {"text": "Hello from the fake provider."}}], "loop": True}


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "serve-fake",
        help="serve a fake LLM provider (scripted replies and faults) on 127.0.0.1",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("provider", metavar="PROVIDER", choices=sorted(PROVIDERS),
                        help=f"the wire protocol to speak: {', '.join(sorted(PROVIDERS))}")  # fmt: skip
    parser.add_argument("--profile", metavar="NAME",
                        help="with openai-compatible: the server whose quirks to play (ollama, vllm, llama-cpp, "
                        "lm-studio, deepseek, groq, openrouter, mistral; default generic)")  # fmt: skip
    parser.add_argument("--port", type=int, default=0, metavar="N", help="the port (default 0: a free one)")
    parser.add_argument("--script", metavar="FILE", help="the script of turns (JSON or NDJSON; format below)")
    parser.add_argument("--api-key", metavar="KEY", help="require this API key of every request (401 otherwise)")
    parser.add_argument("--echo-key", action="store_true",
                        help="play a careless server: echo each request's key in the request-id header and in every "
                        "error's code and message (for testing that clients never show it)")  # fmt: skip
    parser.add_argument("--log", metavar="FILE", help="on exit, write the requests received as NDJSON (keys redacted)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, got {args.port}")
    provider = args.provider if not args.profile else f"{args.provider}:{args.profile}"
    if provider not in PROVIDERS:
        profiles = sorted(name.partition(":")[2] for name in PROVIDERS if name.startswith(args.provider + ":"))
        known = f"its profiles: {', '.join(profiles)}" if profiles else f"{args.provider} has no profiles"
        raise UsageError(f"--profile: no profile {args.profile!r}; {known}")
    try:
        fake = FakeProvider(provider, args.script or DEFAULT_SCRIPT, port=args.port, api_key=args.api_key,
                           echo_key=args.echo_key)  # fmt: skip
    except ScriptError as exc:
        raise UsageError(f"{args.script}: {exc}") from None
    except OSError as exc:
        raise UsageError(f"cannot read the script: {exc}") from None

    def ready(server: FakeProvider) -> None:
        print(f"listening on {server.url}", flush=True)
        family = args.provider.partition(":")[0]  # openai-compatible:ollama is the openai-compatible family
        print(f"  {SDK_BASE_URLS[family].format(url=server.url)}", flush=True)

    async def serve() -> None:
        with contextlib.suppress(NotImplementedError):  # no signal handlers on some platforms
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, fake.close)
        await fake.serve(ready)

    try:
        asyncio.run(serve())
    except OSError as exc:
        raise UsageError(f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        pass
    finally:
        if args.log:
            with contextlib.suppress(OSError):
                fake.save_log(args.log)
        print(f"served {len(fake.requests)} requests", file=sys.stderr)
    return 0
