"""The errors of a plugin call: the plugin itself failing (``PluginError``, with the fault, the plugin and
the export), and a provider failure the plugin reports (an ``APIError`` subclass by canonical kind, its
message naming the plugin and export).

Faults: ``not_wasm`` (the file is not a wasm module the runtime can load), ``load`` (it is, but it does
not instantiate: a missing import, a start function that traps), ``missing_export``, ``trap`` (the code
aborted: a panic, ``unreachable``, a host call that failed such as a host outside ``allowed_hosts``),
``timeout`` (past the wall-clock limit), ``memory`` (past the memory limit), ``malformed_output`` (not
JSON), ``invalid_output`` (JSON of the wrong shape for the export), ``invalid_config`` (the config breaks
the plugin's ``config_schema()``, or the schema itself is unusable). Each is an ``APIError`` whose
canonical kind is ``timeout``, ``invalid_request`` (the config), ``invalid_response`` (the output) or
``provider`` (the rest), never retryable: running the same plugin again gives the same fault.
"""

from __future__ import annotations

from typing import Literal

from wirechat._generated.models import Error, ErrorKind
from wirechat.transport.errors import APIError, error_for

__all__ = ["Fault", "PluginError", "provider_failure"]

Fault = Literal[
    "not_wasm",
    "load",
    "missing_export",
    "trap",
    "timeout",
    "memory",
    "malformed_output",
    "invalid_output",
    "invalid_config",
]

_KIND: dict[str, ErrorKind] = {
    "timeout": "timeout",
    "invalid_config": "invalid_request",
    "malformed_output": "invalid_response",
    "invalid_output": "invalid_response",
}


class PluginError(APIError):
    """A plugin failed as a plugin: ``fault`` says how, ``plugin`` is its path (or URL), ``export`` the
    function that was called (``None`` while loading), ``pointer`` the JSON pointer of a bad config or
    output member, when there is one."""

    def __init__(
        self, fault: Fault, message: str, *, plugin: str, export: str | None, pointer: str | None = None
    ) -> None:
        self.fault: Fault = fault
        self.plugin = plugin
        self.export = export
        self.pointer = pointer
        where = f"plugin {plugin}" + (f", export {export}" if export else "")
        at = f" at {pointer}" if pointer is not None else ""
        error = Error(
            kind=_KIND.get(fault, "provider"),
            message=f"{where}: {fault}{at}: {message}",
            retryable=False,
        )
        super().__init__(error)


def provider_failure(error: Error, *, plugin: str, export: str) -> APIError:
    """The ``APIError`` for a failure the plugin reported (a provider's error, read into ``error``), its
    message prefixed with the plugin and export; ``plugin`` and ``export`` are set on it too."""
    named = error.model_copy(update={"message": f"plugin {plugin}, export {export}: {error.message}"})
    exc = error_for(error.kind)(named)
    exc.plugin = plugin  # type: ignore[attr-defined]
    exc.export = export  # type: ignore[attr-defined]
    return exc
