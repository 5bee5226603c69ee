"""The usage maps of ``adapters/*.adapter.json`` (``wirechat._tables.<name>.USAGE``) and the usage modules
that read their member names from them agree: a usage object holding every member a map names decodes to
the map's sums (or first-present values), and the map's reader refuses what it does not hold."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from wirechat._tables import anthropic, gemini, openai_chat, openai_responses, querymt
from wirechat.adapters._contract import UsageMap
from wirechat.adapters.anthropic import usage as anthropic_usage
from wirechat.adapters.gemini import usage as gemini_usage
from wirechat.adapters.openai_chat import usage as openai_chat_usage
from wirechat.adapters.openai_responses import usage as openai_responses_usage
from wirechat.adapters.querymt import usage as querymt_usage

CODECS: dict[str, tuple[UsageMap, ModuleType]] = {
    "anthropic": (anthropic.USAGE, anthropic_usage),
    "gemini": (gemini.USAGE, gemini_usage),
    "openai-chat": (openai_chat.USAGE, openai_chat_usage),
    "openai-responses": (openai_responses.USAGE, openai_responses_usage),
    "querymt": (querymt.USAGE, querymt_usage),
}


def _usage_object(usage: UsageMap) -> tuple[dict[str, Any], dict[str, int]]:
    """A provider usage object with a distinct, decreasing count at every member the map names (so no
    reasoning count exceeds an output count), and the canonical counts the map says it holds."""
    raw: dict[str, Any] = {}
    values: dict[tuple[str, ...], int] = {}
    for count in usage.counts:
        for path in usage.paths(count):
            values.setdefault(path, 100 - len(values))
    for path, value in values.items():
        *groups, member = path
        target = raw
        for group in groups:
            target = target.setdefault(group, {})
        target[member] = value
    expected = {}
    for count, rule in usage.counts.items():
        ((op, paths),) = rule.items()
        expected[count] = sum(values[p] for p in paths) if op == "sum" else values[paths[0]]
    return raw, expected


@pytest.mark.parametrize("name", sorted(CODECS))
def test_every_member_the_usage_map_names_is_read_by_the_usage_module(name: str) -> None:
    usage, module = CODECS[name]
    raw, expected = _usage_object(usage)
    decoded, _extra = module.decode(raw)
    got = {count: getattr(decoded, count) for count in expected}
    assert got == expected, f"{name}: {raw} decoded to {got}, the usage map says {expected}"
    assert decoded.total_tokens == decoded.input_tokens + decoded.output_tokens


def test_usage_map_details_are_grouped_in_the_map_order() -> None:
    assert openai_chat.USAGE.details() == {
        "prompt_tokens_details": {
            "cached_tokens": "cache_read_input_tokens",
            "cache_write_tokens": "cache_write_input_tokens",
        },
        "completion_tokens_details": {"reasoning_tokens": "reasoning_output_tokens"},
    }


def test_usage_map_member_refuses_a_nested_path_and_a_missing_count() -> None:
    with pytest.raises(LookupError, match="not top-level"):
        openai_chat.USAGE.member("cache_read_input_tokens")
    with pytest.raises(LookupError, match="has no member number 1"):
        openai_chat.USAGE.member("input_tokens", 1)
