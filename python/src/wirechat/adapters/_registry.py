"""The adapter registry: built-in adapters by name, third-party ones through the ``wirechat.adapters``
entry point group, and ``register`` for adapters built at run time (tests, wrappers)."""

from __future__ import annotations

import difflib
import importlib
from functools import cache
from importlib.metadata import entry_points

from wirechat.adapters._contract import Adapter
from wirechat.errors import WirechatError

__all__ = ["ENTRY_POINT_GROUP", "UnknownAdapterError", "get", "names", "register", "unregister"]

ENTRY_POINT_GROUP = "wirechat.adapters"

_BUILT_IN = {
    "openai-chat": "wirechat.adapters.openai_chat:ADAPTER",
    "anthropic": "wirechat.adapters.anthropic:ADAPTER",
    "openai-responses": "wirechat.adapters.openai_responses:ADAPTER",
    "go-model": "wirechat.adapters.go_model:ADAPTER",
    "querymt": "wirechat.adapters.querymt:ADAPTER",
    "openai-compatible": "wirechat.adapters.openai_compatible:ADAPTER",
    "openai-compatible:ollama": "wirechat.adapters.openai_compatible:OLLAMA",
    "openai-compatible:vllm": "wirechat.adapters.openai_compatible:VLLM",
    "openai-compatible:llama-cpp": "wirechat.adapters.openai_compatible:LLAMA_CPP",
    "openai-compatible:lm-studio": "wirechat.adapters.openai_compatible:LM_STUDIO",
    "openai-compatible:deepseek": "wirechat.adapters.openai_compatible:DEEPSEEK",
    "openai-compatible:groq": "wirechat.adapters.openai_compatible:GROQ",
    "openai-compatible:openrouter": "wirechat.adapters.openai_compatible:OPENROUTER",
    "openai-compatible:mistral": "wirechat.adapters.openai_compatible:MISTRAL",
    "gemini": "wirechat.adapters.gemini:ADAPTER",
}
_registered: dict[str, Adapter] = {}


def _load(target: str) -> Adapter:
    module_name, _, attribute = target.partition(":")
    adapter = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(adapter, Adapter):
        raise TypeError(f"{target} is not a wirechat adapter (it lacks part of the Adapter protocol)")
    return adapter


@cache
def _entry_point_targets() -> dict[str, str]:
    return {point.name: point.value for point in entry_points(group=ENTRY_POINT_GROUP)}


class UnknownAdapterError(WirechatError, KeyError):
    """No adapter has this name. The message suggests the close names and lists every known one;
    ``name``, ``suggestions`` and ``known`` hold the same for code. A ``KeyError``, as ``get`` always raised."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        self.suggestions = _close_names(name, known)
        hint = f"; did you mean {' or '.join(map(repr, self.suggestions))}?" if self.suggestions else ""
        super().__init__(f"no adapter named {name!r}{hint} (known adapters: {', '.join(known)})")

    def __str__(self) -> str:  # KeyError's own str() is the repr of its argument, quotes and all
        return str(self.args[0])


def _close_names(name: str, known: list[str]) -> list[str]:
    """Up to three names ``name`` may have meant: a profile called so (``groq`` ->
    ``openai-compatible:groq``), an adapter it begins (``openai`` -> ``openai-chat``), a near spelling."""
    wanted = name.lower()
    profiles = {k.partition(":")[2]: k for k in known if ":" in k}
    found = [profiles[wanted]] if wanted in profiles else []
    found += [k for k in known if ":" not in k and k.startswith(wanted)]
    found += difflib.get_close_matches(wanted, known, n=3, cutoff=0.6)
    found += [profiles[p] for p in difflib.get_close_matches(wanted, list(profiles), n=2, cutoff=0.7)]
    return [k for k in dict.fromkeys(found) if k != name][:3]


def names() -> list[str]:
    """Every adapter name: built-in, installed through entry points, and registered, sorted."""
    return sorted({*_BUILT_IN, *_entry_point_targets(), *_registered})


def get(name: str) -> Adapter:
    """The adapter called ``name``; ``UnknownAdapterError`` (a ``KeyError``) suggests the close names and
    lists the known ones when there is none."""
    if name in _registered:
        return _registered[name]
    target = _BUILT_IN.get(name) or _entry_point_targets().get(name)
    if target is None:
        raise UnknownAdapterError(name, names())
    adapter = _load(target)
    _registered[name] = adapter
    return adapter


def register(adapter: Adapter, *, replace: bool = False) -> None:
    """Make ``adapter`` available as ``get(adapter.name)``; ``replace`` allows shadowing a known name."""
    if not isinstance(adapter, Adapter):
        raise TypeError(f"{adapter!r} is not a wirechat adapter (it lacks part of the Adapter protocol)")
    known = adapter.name in _registered or adapter.name in _BUILT_IN or adapter.name in _entry_point_targets()
    if known and not replace:
        raise ValueError(f"an adapter named {adapter.name!r} exists; pass replace=True to shadow it")
    _registered[adapter.name] = adapter


def unregister(name: str) -> None:
    """Forget a registered adapter (a built-in or entry-point one is loaded afresh on the next ``get``)."""
    _registered.pop(name, None)
