"""The plugin transport: run a QueryMT provider plugin (an Extism wasm module) in a sandbox and call its
exports with JSON (decision 014). Needs the ``wirechat[querymt]`` extra (the ``extism`` host SDK).

``PluginHost(source, config=..., sandbox=...)`` loads the module (a path, or an ``http(s)`` URL the
runtime fetches), reads ``config_schema()`` and checks ``config`` against it with ``jsonschema`` before
any other export runs (members a request supplies, such as the model, may be missing then; each call's
whole ``cfg`` is checked again before the export runs). ``call(export, payload)`` sends JSON and returns
the parsed JSON answer.

The sandbox is the Extism manifest: network only to ``Sandbox.allowed_hosts`` (none by default),
``timeout_s`` of wall clock per call (60 s) and ``memory_mib`` of linear memory (64 MiB); the plugin gets
WASI but no files and no environment. Every failure is a ``PluginError`` naming the fault, the plugin and
the export, except the error a plugin reports on purpose (its ``PluginError`` JSON), which is raised as
``PluginReported`` for the caller to read with the adapter's ``decode_error``. Calls into one plugin
instance are serialised by a lock (a wasm instance runs one call at a time).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wirechat.errors import pointer_from_path
from wirechat.transport.plugin_errors import Fault, PluginError

__all__ = ["PluginHost", "PluginReported", "Sandbox"]

_WASM_MAGIC = b"\0asm"
_PAGE = 64 * 1024


@dataclass(frozen=True)
class Sandbox:
    """What a plugin may do: reach ``allowed_hosts`` (host names or ``*.example.com`` globs; none by
    default), run ``timeout_s`` seconds per call, use ``memory_mib`` MiB of memory."""

    allowed_hosts: tuple[str, ...] = ()
    timeout_s: float = 60.0
    memory_mib: int = 64

    def __post_init__(self) -> None:
        if not self.timeout_s > 0:
            raise ValueError(f"Sandbox.timeout_s must be > 0 seconds, got {self.timeout_s!r}")
        if not isinstance(self.memory_mib, int) or self.memory_mib < 1:
            raise ValueError(f"Sandbox.memory_mib must be a whole number of MiB >= 1, got {self.memory_mib!r}")
        hosts: object = self.allowed_hosts
        if isinstance(hosts, str):
            raise ValueError("Sandbox.allowed_hosts is a sequence of host names, not one string")


class PluginReported(Exception):  # noqa: N818 (what the plugin said, not an error of wirechat's)
    """The error a plugin set on purpose (QueryMT's ``PluginError`` JSON, or a plain string): ``text``."""

    def __init__(self, text: str, *, plugin: str, export: str) -> None:
        super().__init__(text)
        self.text = text
        self.plugin = plugin
        self.export = export


def _extism() -> Any:
    try:
        import extism  # type: ignore[import-untyped]  # noqa: PLC0415 (an optional extra)
    except ImportError:
        raise ImportError("QueryMT plugins need the Extism runtime: pip install 'wirechat[querymt]'") from None
    return extism


def _classify(message: str) -> Fault:
    """The fault behind an Extism error that the plugin did not set itself."""
    lowered = message.lower()
    if lowered.strip() == "oom" or "out of memory" in lowered:
        return "memory"
    if "timeout" in lowered or "timed out" in lowered or "interrupt" in lowered:
        return "timeout"
    if "memory" in lowered and any(word in lowered for word in ("limit", "exceed", "grow", "maximum", "oom")):
        return "memory"
    return "trap"


def _looks_like_trap(message: str) -> bool:
    lowered = message.lower()
    if lowered.strip() in ("oom", "timeout"):
        return True
    return any(
        word in lowered
        for word in (
            "wasm backtrace",
            "wasm trap",
            "unreachable",
            "error while executing",
            "timeout",
            "out of bounds",
            "memory",
            "not allowed",
            "http request",
        )
    )


def _explain(text: str) -> str:
    """A trap's message: its first frames, and what can cause one (the runtime does not say which)."""
    lines = text.strip().splitlines()
    if len(lines) <= 1:
        return {"oom": "out of memory (Sandbox.memory_mib)", "timeout": "past Sandbox.timeout_s"}.get(
            text.strip(), text
        )
    frames = "; ".join(line.strip() for line in lines[1:4])
    return (
        f"{lines[0].rstrip(':')} ({frames}): the plugin panicked or hit unreachable code, or a host call "
        "failed, such as an HTTP request to a host outside Sandbox.allowed_hosts or one that did not answer"
    )


class PluginHost:
    """One loaded plugin in its sandbox."""

    def __init__(
        self, source: str | Path, *, config: Mapping[str, Any] | None = None, sandbox: Sandbox | None = None
    ) -> None:
        self.source = str(source)
        self.sandbox = sandbox or Sandbox()
        self.config: dict[str, Any] = dict(config or {})
        self._lock = threading.Lock()
        self._checked: dict[str, Any] | None = None
        extism = _extism()
        self._error_type = extism.Error
        manifest: dict[str, Any] = {
            "wasm": [self._wasm()],
            "allowed_hosts": list(self.sandbox.allowed_hosts),
            "allowed_paths": {},
            "timeout_ms": max(1, round(self.sandbox.timeout_s * 1000)),
            "memory": {"max_pages": self.sandbox.memory_mib * 1024 * 1024 // _PAGE},
        }
        try:
            self._plugin = extism.Plugin(manifest, wasi=True, functions=[])
        except extism.Error as exc:
            text = str(exc)
            fault: Fault = "memory" if _classify(text) == "memory" else "load"
            if "magic header" in text.lower() or "not a wasm" in text.lower():
                fault = "not_wasm"
            raise PluginError(fault, text, plugin=self.source, export=None) from None
        allow_headers = getattr(getattr(extism, "extism", None), "_lib", None)
        if allow_headers is not None and hasattr(allow_headers, "extism_plugin_allow_http_response_headers"):
            # the provider's response headers (retry-after) reach the plugin; the SDK has no option for it
            allow_headers.extism_plugin_allow_http_response_headers(self._plugin.plugin)
        self.schema = self._config_schema()
        self._validator = self._make_validator()
        self._check_config(self.config, "/config", partial=True)

    def _wasm(self) -> dict[str, Any]:
        if self.source.startswith(("http://", "https://")):
            return {"url": self.source}
        path = Path(self.source)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise PluginError(
                "not_wasm", f"cannot read the file: {exc.strerror}", plugin=self.source, export=None
            ) from None
        if not data.startswith(_WASM_MAGIC):
            begins = data[:8]
            raise PluginError(
                "not_wasm",
                f"not a WebAssembly module (it begins {begins!r}, not b'\\x00asm')",
                plugin=self.source,
                export=None,
            )
        return {"data": data}

    # ------------------------------------------------------------------ the config

    def _config_schema(self) -> dict[str, Any] | None:
        if not self.has_export("config_schema"):
            return None
        raw = self._raw_call("config_schema", b"")
        try:
            schema = json.loads(raw)
            if isinstance(schema, str):  # a JSON string holding the schema (FnResult<String> written as JSON)
                schema = json.loads(schema)
        except ValueError as exc:
            raise PluginError(
                "malformed_output", f"config_schema() is not JSON ({exc})", plugin=self.source, export="config_schema"
            ) from None
        if not isinstance(schema, dict):
            raise PluginError(
                "invalid_output",
                "config_schema() is not a JSON Schema object",
                plugin=self.source,
                export="config_schema",
            )
        return schema

    def _make_validator(self) -> Any:
        if self.schema is None:
            return None
        from jsonschema import Draft202012Validator, SchemaError, validators  # noqa: PLC0415

        cls = validators.validator_for(self.schema, default=Draft202012Validator)
        try:
            cls.check_schema(self.schema)
        except SchemaError as exc:
            raise PluginError(
                "invalid_config",
                f"the plugin's config_schema() is not a valid JSON Schema: {exc.message}",
                plugin=self.source,
                export="config_schema",
            ) from None
        return cls(self.schema)

    def _check_config(self, cfg: Any, base: str, *, partial: bool, export: str | None = None) -> None:
        if self._validator is None:
            return
        errors = sorted(self._validator.iter_errors(cfg), key=lambda e: list(e.absolute_path))
        if partial:
            errors = [e for e in errors if e.validator != "required"]
        if errors:
            first = errors[0]
            path = list(first.absolute_path)
            if first.validator == "additionalProperties" and isinstance(first.instance, dict):
                known = first.schema.get("properties", {}) if isinstance(first.schema, dict) else {}
                path += sorted(key for key in first.instance if key not in known)[:1]
            pointer = base + pointer_from_path(path)
            more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
            raise PluginError(
                "invalid_config",
                f"{first.message} (schema rule {first.validator}){more}",
                plugin=self.source,
                export=export,
                pointer=pointer,
            )

    # ------------------------------------------------------------------ calls

    def has_export(self, name: str) -> bool:
        return bool(self._plugin.function_exists(name))

    def _raw_call(self, export: str, data: bytes) -> bytes:
        if not self.has_export(export):
            raise PluginError(
                "missing_export", f"the plugin exports no function {export!r}", plugin=self.source, export=export
            )
        with self._lock:
            started = time.monotonic()
            try:
                return bytes(self._plugin.call(export, data))
            except self._error_type as exc:
                text = str(exc)
            elapsed = time.monotonic() - started
        if not _looks_like_trap(text) or text.lstrip().startswith("{"):
            raise PluginReported(text, plugin=self.source, export=export)
        fault = _classify(text)
        if fault == "trap" and elapsed >= 0.95 * self.sandbox.timeout_s:
            # the runtime passes the time left to the HTTP host function, whose timeout fails the host call
            message = f"past Sandbox.timeout_s ({self.sandbox.timeout_s:g} s) while the plugin waited on a host call"
            raise PluginError("timeout", message, plugin=self.source, export=export)
        raise PluginError(fault, _explain(text), plugin=self.source, export=export)

    def call(self, export: str, payload: dict[str, Any]) -> Any:
        """Call ``export`` with ``payload`` (its ``cfg`` is the client's config under the request's own)
        and return the parsed JSON answer."""
        payload = {**payload, "cfg": {**self.config, **payload.get("cfg", {})}}
        if payload["cfg"] != self._checked:  # the same cfg as the last call was checked already
            self._check_config(payload["cfg"], "/cfg", partial=False, export=export)
            self._checked = payload["cfg"]
        raw = self._raw_call(export, json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        try:
            return json.loads(raw)
        except ValueError as exc:
            raise PluginError(
                "malformed_output",
                f"the answer is not JSON ({exc}); it begins {raw[:60]!r}",
                plugin=self.source,
                export=export,
            ) from None

    def close(self) -> None:
        """Free the plugin instance."""
        plugin, self._plugin = self._plugin, None
        if plugin is not None:
            plugin.__del__()
