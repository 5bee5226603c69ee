"""Reading ``McpServerConfig`` documents and resolving the secrets they name.

A config names secrets, never holds them: ``secret_env`` lists environment variables passed on to a stdio
server, ``secret_headers`` maps a header to the environment variable that holds its value. They are read
from the client's environment when connecting (:func:`resolve_env`, :func:`resolve_headers`), and only
those the program allows (``allow``; none by default): a config is data that can come from anywhere, and
``secret_headers: {"x-a": "OPENAI_API_KEY"}`` would otherwise send any variable to any URL. A variable not
allowed is an :class:`McpSecretNotAllowedError`, a missing one an :class:`McpConfigError`, each naming
the variable; the values live only in the transport.
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Mapping
from pathlib import Path

from wirechat._generated.models import McpHttpServer, McpServerConfig, McpStdioServer, McpWebsocketServer
from wirechat.codec import decode
from wirechat.mcp._errors import McpConfigError, McpSecretNotAllowedError

__all__ = ["ServerConfig", "load_configs", "resolve_env", "resolve_headers"]

ServerConfig = McpStdioServer | McpHttpServer | McpWebsocketServer


def load_configs(path: str | Path) -> list[ServerConfig]:
    """Read a file holding one ``McpServerConfig`` or a JSON array of them, each decoded and checked
    (a bad one raises ``wirechat.errors.WireError`` with its pointers); names must be unique."""
    raw = Path(path).read_bytes()
    if raw.lstrip().startswith(b"["):
        configs: list[ServerConfig] = [decode(json.dumps(item), McpServerConfig) for item in json.loads(raw)]
    else:
        configs = [decode(raw, McpServerConfig)]
    seen: set[str] = set()
    for config in configs:
        if config.name in seen:
            raise McpConfigError(config.name, "two servers in one list have this name")
        seen.add(config.name)
    return configs


def _lookup(server: str, variable: str, environ: Mapping[str, str], allow: Collection[str], where: str) -> str:
    if variable not in allow:
        raise McpSecretNotAllowedError(server, variable, where)
    if variable not in environ:
        raise McpConfigError(server, f"the secret's environment variable {variable} is not set")
    return environ[variable]


def resolve_env(
    config: McpStdioServer, environ: Mapping[str, str] | None = None, allow: Collection[str] = ()
) -> dict[str, str]:
    """The environment for a stdio server: ``env`` plus each ``secret_env`` variable's value (each must be
    in ``allow``)."""
    environ = os.environ if environ is None else environ
    env = dict(config.env) if isinstance(config.env, dict) else {}
    for variable in config.secret_env if isinstance(config.secret_env, list) else []:
        env[variable] = _lookup(config.name, variable, environ, allow, "secret_env")
    return env


def resolve_headers(
    config: McpHttpServer | McpWebsocketServer, environ: Mapping[str, str] | None = None, allow: Collection[str] = ()
) -> dict[str, str]:
    """The headers for an HTTP server: ``headers`` plus each ``secret_headers`` value read from its variable
    (each must be in ``allow``)."""
    environ = os.environ if environ is None else environ
    headers = dict(config.headers) if isinstance(config.headers, dict) else {}
    secret = config.secret_headers if isinstance(config.secret_headers, dict) else {}
    for header, variable in secret.items():
        headers[header] = _lookup(config.name, variable, environ, allow, f"secret_headers[{header!r}]")
    return headers
