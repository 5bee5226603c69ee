"""Hypothesis strategies for the gate: canonical requests and responses built from the schema's leaf
types (hypothesis-jsonschema over the bundle), composed so that most messages are ones a provider could
carry (user content from users, tool calls from the assistant) and some are not (to exercise refusals)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from wirechat._generated.models import ChatRequest, ChatResponse
from wirechat.adapters._contract import Adapter
from wirechat.adapters._conversion import compact_json
from wirechat.testing.strategies import json_objects, json_values, strategy_for

__all__ = ["requests", "responses"]

_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
_ids = st.text(st.characters(min_codepoint=48, max_codepoint=122), min_size=1, max_size=10)
_names = st.from_regex(r"\A[a-z][a-z0-9_]{0,15}\Z")
_b64 = st.binary(max_size=12).map(lambda b: __import__("base64").b64encode(b).decode())


def _metadata(provider: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional={"provider_metadata": st.just({f"not-{provider}": {"k": 1}})})


def _media(types: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    inline = st.fixed_dictionaries(
        {"source": st.just("base64"), "base64": _b64, "media_type": st.sampled_from([*types, "image/bmp", "audio/ogg"])}
    )
    by_url = st.fixed_dictionaries(
        {"source": st.just("url"), "url": st.sampled_from(["https://example.com/a.png", "data:image/png;base64,AAAA"])},
        optional={"media_type": st.sampled_from(types)},
    )
    return inline | by_url


_foreign = st.sampled_from(["elsewhere", "another-api"])
"""Issuers of provider-run parts, provider tools and citations that no adapter speaks: the gate checks the
replay rule's drop (spec section 15); replay to the issuer is checked on recorded bodies, whose blocks are real."""


def _citation(provider: str) -> st.SearchStrategy[dict[str, Any]]:
    """A citation this adapter must not replay: another issuer's, or its own without the issuer's block."""
    index = st.integers(0, 1000)
    foreign = st.fixed_dictionaries(
        {"kind": st.sampled_from(["url", "document", "search_result", "file", "other"]), "issuer": _foreign},
        optional={"url": st.just("https://example.com/a"), "title": _text, "cited_text": _text,
                  "start_index": index, "end_index": index, "source_index": index, "block": json_objects},
    )  # fmt: skip
    unblocked = st.fixed_dictionaries({"kind": st.just("url"), "url": st.just("https://example.com/b")}, optional={
        "issuer": st.just(provider)})  # fmt: skip
    return foreign | unblocked


def _part(kind: str, adapter: Adapter) -> st.SearchStrategy[dict[str, Any]]:
    provider, media = adapter.provider, adapter.manifest.media_types
    body: st.SearchStrategy[Any]
    if kind == "text":
        cited = st.fixed_dictionaries({"citations": st.lists(_citation(provider), min_size=1, max_size=2)})
        return st.tuples(_text, st.one_of(st.just({}), st.just({}), cited), _metadata(provider)).map(
            lambda parts: {"type": "text", "text": parts[0], **parts[1], **parts[2]}
        )
    elif kind == "image":
        body = _media(media.get("image", ("image/png",)))
    elif kind == "audio":
        body = _media(media.get("audio", ("audio/wav",)))
    elif kind == "file":
        types = media.get("file", ("application/pdf",))
        body = (
            st.fixed_dictionaries(
                {"source": st.just("base64"), "base64": _b64, "media_type": st.sampled_from(types)},
                optional={"name": _ids},
            )
            | st.fixed_dictionaries({"source": st.just("uri"), "uri": st.just("https://example.com/a.pdf")})
            | st.fixed_dictionaries(
                {"source": st.just("file_id"), "file_id": _ids},
                optional={"issuer": st.sampled_from([provider, "elsewhere"]), "name": _ids},
            )
        )
    elif kind == "data":
        body = st.fixed_dictionaries({"value": json_values})
    elif kind == "reasoning":
        signed = st.fixed_dictionaries({"text": _text, "signature": _b64.filter(bool), "issuer": st.just(provider)})
        redacted = st.fixed_dictionaries({"redacted_data": _b64.filter(bool), "issuer": st.just(provider)})
        body = (
            signed
            | redacted
            | st.fixed_dictionaries(
                {},
                optional={
                    "text": _text,
                    "signature": _b64.filter(bool),
                    "redacted_data": _b64.filter(bool),
                    "issuer": st.sampled_from([provider, "elsewhere"]),
                },
            )
        )
    elif kind == "tool_call":
        arguments = json_objects.map(compact_json) | json_objects.map(lambda o: __import__("json").dumps(o)) | _text
        body = st.fixed_dictionaries({"id": _ids, "name": _names, "arguments": arguments})
    elif kind == "provider_tool_call":
        body = st.fixed_dictionaries(
            {"id": _ids, "name": _names, "issuer": _foreign},
            optional={"input": json_values, "server": _ids, "block": json_objects},
        )
    elif kind == "provider_tool_result":
        body = st.fixed_dictionaries(
            {"tool_call_id": _ids, "issuer": _foreign},
            optional={"name": _names, "output": json_values, "is_error": st.booleans(), "block": json_objects},
        )
    else:
        content_parts = st.lists(st.one_of([_part(k, adapter) for k in ("text", "image", "data")]), max_size=2)
        body = st.fixed_dictionaries(
            {"tool_call_id": _ids, "content": _text},
            optional={"is_error": st.booleans(), "parts": content_parts},
        )
    return st.tuples(body, _metadata(provider)).map(lambda pair: {"type": kind, kind: pair[0], **pair[1]})


_BY_ROLE = {
    "system": ("text",),
    "user": ("text", "text", "image", "audio", "file", "data"),
    "assistant": ("text", "text", "tool_call", "tool_call", "reasoning", "provider_tool_call", "provider_tool_result"),
    "tool": ("tool_result",),
}
_ALL = (
    "text", "image", "audio", "file", "data", "reasoning", "tool_call", "tool_result",
    "provider_tool_call", "provider_tool_result",
)  # fmt: skip


def _message(adapter: Adapter) -> st.SearchStrategy[dict[str, Any]]:
    def build(role: str) -> st.SearchStrategy[dict[str, Any]]:
        kinds = _BY_ROLE[role]
        usual = st.one_of([_part(k, adapter) for k in kinds])
        odd = st.one_of([_part(k, adapter) for k in _ALL])
        part = st.one_of(usual, usual, usual, usual, usual, usual, usual, usual, usual, odd)
        return st.fixed_dictionaries(
            {"role": st.just(role), "parts": st.lists(part, min_size=0 if role != "user" else 1, max_size=3)},
            optional={"name": _ids, "id": _ids, "provider_metadata": st.just({"elsewhere": {}})},
        )

    return st.sampled_from(list(_BY_ROLE)).flatmap(build)


def requests(adapter: Adapter) -> st.SearchStrategy[dict[str, Any]]:
    """Canonical ``ChatRequest`` documents (JSON objects)."""
    schema = {k: v for k, v in adapter.manifest.options_schema.items() if k != "description"}
    own_options = from_schema({**schema, "additionalProperties": False})
    tool = st.fixed_dictionaries(
        {"name": _names, "input_schema": st.just({"type": "object", "properties": {"a": {"type": "string"}}})},
        optional={"description": _text, "strict": st.booleans(), "output_schema": st.just({"type": "object"})},
    )
    return st.fixed_dictionaries(
        {"messages": st.lists(_message(adapter), min_size=1, max_size=4)},
        optional={
            "model": st.sampled_from(["model-a", "model-b"]),
            "tools": st.lists(tool, max_size=2),
            "provider_tools": st.lists(
                st.fixed_dictionaries(
                    {"issuer": _foreign, "type": _names, "definition": json_objects}, optional={"name": _names}
                ),
                min_size=1,
                max_size=2,
            ),
            "tool_choice": strategy_for("ToolChoice"),
            "options": strategy_for("ChatOptions"),
            "provider_options": st.fixed_dictionaries(
                {}, optional={adapter.name: own_options, "another-adapter": st.just({"x": 1})}
            ),
        },
    ).filter(lambda document: _valid(ChatRequest, document))


def responses(adapter: Adapter) -> st.SearchStrategy[dict[str, Any]]:
    """Canonical ``ChatResponse`` documents that keep the spec's relations (usage sums, tool_calls)."""
    part = st.one_of(
        [_part(k, adapter) for k in ("text", "text", "tool_call", "reasoning")]
        + [_part(k, adapter) for k in ("image", "provider_tool_call", "provider_tool_result")]
    )

    def usage(counts: tuple[int, int, int, int, int, dict[str, Any]]) -> dict[str, Any]:
        read, write, uncached, reasoning, extra_output, extra = counts
        output = reasoning + extra_output
        out = {"input_tokens": read + write + uncached, "output_tokens": output}
        out["total_tokens"] = out["input_tokens"] + output
        if read:
            out["cache_read_input_tokens"] = read
        if write:
            out["cache_write_input_tokens"] = write
        if reasoning:
            out["reasoning_output_tokens"] = reasoning
        return {**out, **extra}

    counts = st.integers(0, 10_000)
    usages = st.tuples(counts, counts, counts, counts, counts, st.sampled_from([{}, {"latency_ms": 5}])).map(usage)

    def fix(doc: dict[str, Any]) -> dict[str, Any]:
        has_calls = any(p["type"] == "tool_call" for p in doc["message"]["parts"])
        if doc["finish_reason"]["kind"] == "tool_calls" and not has_calls:
            doc["finish_reason"]["kind"] = "other"
        return doc

    return (
        st.fixed_dictionaries(
            {
                "message": st.fixed_dictionaries({"role": st.just("assistant"), "parts": st.lists(part, max_size=4)}),
                "finish_reason": strategy_for("FinishReason")
                | st.sampled_from(sorted(adapter.manifest.finish_reasons)).map(
                    lambda raw: {"kind": adapter.manifest.finish_reasons[raw], "raw": raw}
                ),
            },
            optional={
                "usage": usages,
                "id": _ids,
                "model": st.sampled_from(["model-a"]),
                "provider_metadata": st.just({"elsewhere": {"a": 1}}),
            },
        )
        .map(fix)
        .filter(lambda document: _valid(ChatResponse, document))
    )


def _valid(model: Any, document: dict[str, Any]) -> bool:
    """Leaf strategies can draw free-form numbers the I-JSON profile refuses; keep valid documents."""
    try:
        model.model_validate(document)
    except ValueError:
        return False
    return True
