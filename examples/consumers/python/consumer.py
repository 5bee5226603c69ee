"""A consumer of the installed ``wirechat`` distribution (run from a fresh virtual environment, outside the
checkout): the README's install steps end by running it. Exits non-zero with a message when a check fails."""

from __future__ import annotations

import sys
from importlib import metadata

import wirechat
from wirechat import ChatRequest, Message, decode, encode


def main() -> int:
    checks = []
    request = decode(
        b'{"model": "gpt-4.1", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Weather?"}]}]}',
        ChatRequest,
    )
    checks.append(("decode a ChatRequest", wirechat.message_text(request.messages[0]) == "Weather?"))
    reply = wirechat.tool_call_message([wirechat.tool_call("call_1", "get_weather", {"city": "Paris"})])
    checks.append(("encode a tool call", b'"name":"get_weather"' in encode(reply)))
    try:
        decode(b'{"role": "robot", "parts": []}', Message)
        checks.append(("an invalid Message is refused", False))
    except wirechat.WireError as error:
        checks.append(("an invalid Message is refused, naming /role", "/role" in str(error)))
    checks.append(("__version__ is the distribution's version", wirechat.__version__ == metadata.version("wirechat")))
    failed = [name for name, ok in checks if not ok]
    for name in failed:
        print(f"consumer check failed: {name}", file=sys.stderr)
    print(f"wirechat {wirechat.__version__} from {wirechat.__file__}: {len(checks) - len(failed)}/{len(checks)} checks")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
