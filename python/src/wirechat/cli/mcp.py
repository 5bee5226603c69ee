"""``wirechat mcp tools CONFIG.json``: connect to the MCP servers a config file lists and print their tools
as a JSON array of ``ToolDefinition``s (names that collide across servers prefixed), ready to snapshot.

Exit codes as elsewhere: 0 printed, 1 the config is invalid or a server failed (the reason on stderr),
2 a usage error (no such file, the ``mcp`` extra missing). What a definition cannot carry is reported
on stderr, one line each; secrets named by the config are read from the environment only when
``--allow-secret NAME`` allows the variable, and never printed.
"""

from __future__ import annotations

import asyncio
import json
import sys
import warnings
from typing import Any

from wirechat.cli.usage_error import UsageError
from wirechat.codec import encode
from wirechat.errors import WireError
from wirechat.mcp import McpError, McpMappingWarning, McpServers, load_configs


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "mcp",
        help="MCP servers: list their tools as ToolDefinitions",
        description="Work with the MCP servers an McpServerConfig file describes (one config or an array).",
    )
    actions = parser.add_subparsers(dest="mcp_action", metavar="ACTION", required=True)
    tools = actions.add_parser(
        "tools",
        help="print the servers' tools as a JSON array of ToolDefinitions",
        description="Connect to every server in CONFIG and print their tools as a JSON array of "
        "ToolDefinitions (a name two servers share is prefixed SERVER__). Exit 0 when printed, 1 when the "
        "config is invalid or a server fails, 2 for a usage error.",
    )
    tools.add_argument("config", metavar="CONFIG", help="a JSON file: one McpServerConfig or an array of them")
    tools.add_argument(
        "--allow-secret",
        action="append",
        default=[],
        metavar="NAME",
        help="let the servers have the environment variable NAME that a secret_env or secret_headers names "
        "(repeat for each; none by default)",
    )
    tools.set_defaults(run=run)


async def _list(servers: McpServers) -> list[Any]:
    async with servers:
        return [json.loads(encode(tool)) for tool in await servers.list_tools()]


def run(args: Any) -> int:
    try:
        import mcp  # noqa: F401, PLC0415 (only to say clearly that the extra is missing)
    except ImportError:
        raise UsageError("wirechat mcp needs the mcp extra: pip install 'wirechat[mcp]'") from None
    try:
        configs = load_configs(args.config)
    except OSError as error:
        raise UsageError(f"cannot read {args.config}: {error.strerror or error}") from None
    except WireError as error:
        for problem in error.problems:
            print(f"{args.config}: {problem}", file=sys.stderr)
        return 1
    except (McpError, ValueError) as error:
        print(f"{args.config}: {error}", file=sys.stderr)
        return 1
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", McpMappingWarning)
        try:
            tools = asyncio.run(_list(McpServers(configs, allow_secrets=args.allow_secret)))
        except McpError as error:
            print(f"wirechat mcp: {error}", file=sys.stderr)
            return 1
    for warning in caught:
        print(f"warning: {warning.message}", file=sys.stderr)
    print(json.dumps(tools, indent=2, ensure_ascii=False))
    return 0
