"""``wirechat conformance --adapter NAME``: the adapter gate, from an installed wirechat.

The gate (``wirechat.testing.gate``) holds one provider adapter, built in or third-party, to the adapter
contract; it needs the extra ``pip install "wirechat[gate]"``. The whole cross-language suite (every case
through the Python, TypeScript and Go testees) belongs to the ``wirechat-conformance`` distribution of a
source checkout, whose ``conformance`` command takes this one's place when it is installed (see
``wirechat.cli.commands``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from wirechat.adapters import names
from wirechat.cli.usage_error import UsageError

__all__ = ["add_parser"]

DESCRIPTION = """\
Run the adapter gate for one provider adapter: manifest coverage, property round trips reduced by the
manifest, the stream law, request bodies checked against the official SDK's types, recorded shapes and
the error tables. Needs: pip install "wirechat[gate]".

The cross-language suite (every case through Python, TypeScript and Go) needs the wirechat-conformance
runner of a source checkout (pip install -e conformance), which replaces this command when installed.
"""

EPILOG = """\
examples:
  wirechat conformance --adapter openai-chat
  wirechat conformance --adapter openai-compatible          (every profile; one: openai-compatible:ollama)
  wirechat conformance --adapter my-provider --seed 3 --examples 300 --report gate.txt
"""

_SUITE = (
    "the cross-language suite needs the wirechat-conformance runner of a source checkout (pip install -e conformance)"
)


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "conformance",
        help="run the adapter gate for a provider adapter (--adapter NAME)",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--adapter", metavar="NAME", help="the adapter to hold to the contract (see wirechat convert --help)"
    )
    parser.add_argument("--seed", type=int, default=0, help="hypothesis seed of the property rounds (default 0)")
    parser.add_argument("--examples", type=int, default=25, help="generated examples per property (default 25)")
    parser.add_argument("--report", type=Path, metavar="FILE", help="also write the gate's report to this file")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not args.adapter:
        raise UsageError(f"only --adapter NAME is available here; {_SUITE}")
    if args.adapter not in names():
        raise UsageError(f"--adapter: no adapter named {args.adapter!r}; installed: {', '.join(names())}")
    try:
        from wirechat.testing import gate  # noqa: PLC0415 (needs the [gate] extra: loaded only when asked for)
    except ImportError as exc:
        raise UsageError(f'the adapter gate needs pip install "wirechat[gate]" ({exc})') from None
    code: int = gate.run_with_profiles(args.adapter, seed=args.seed, examples=args.examples, report=args.report)
    return code
