"""Every request encoder's output on a fixed set of requests, as digests, to hold a rewrite of the encode
walks (decision 027, steps 0 and 5) to exactly the old output.

For each built-in adapter and openai-compatible profile (``ADAPTERS``), three groups of requests:

- ``plain``: requests shaped to take the adapters' fast passes (``plain_documents``: plain conversations,
  images, names, the provider's ``cache_control``, its own reasoning, tool calls whose arguments are
  compact or not, with floats, escapes, duplicate keys, unsafe integers). They are drawn once, with the
  provider left as a placeholder that each adapter's provider name replaces, so one draw (seed 0,
  Hypothesis's pool of local constants off: ``wirechat.testing.draws``) serves every adapter.
- ``edges``: hand-built requests (``edge_documents``), so that each edge of the compact-arguments check
  (``EDGE_ARGUMENTS``) and ``cache_control`` on every part that carries it is sent whatever the draw gives.
- ``gate``: the ``request`` lines of the adapter's vector file (``conformance/cases/adapters/``): the
  gate's strategies with a fixed seed (40 per adapter) and the schema's ChatRequest examples. Drawing the
  gate's requests here would cost about 10 s per adapter (its strategy validates every document); the
  vector file holds a fixed draw of them already.

The outcome of one request (``outcome``) is the body as JSON text (key order and number kinds kept) with
the warnings' features and messages in order, or the refusal's type and text. ``encode_golden.json``
holds, per group, a digest of its inputs and one short digest per request's outcome, written by the code
as it was (``python -m tests.adapters.encode_golden --write``). An input digest that differs means the
inputs moved (the strategies, the vector files or the schema's examples), not the encoders.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tests.conftest import REPO_ROOT
from wirechat import ChatRequest, WireError
from wirechat.adapters import ConversionRefused, get
from wirechat.adapters.openai_compatible.profiles import PROFILES
from wirechat.testing.draws import draw_examples
from wirechat.testing.strategies import json_objects
from wirechat.tool_arguments import build_arguments

GOLDEN = Path(__file__).with_name("encode_golden.json")
ADAPTERS = ["anthropic", "gemini", "go-model", "openai-chat", "openai-responses", "querymt"] + [
    "openai-compatible" if name == "generic" else f"openai-compatible:{name}" for name in sorted(PROFILES)
]
PLAIN = 120
"""Plain requests drawn (once, for every adapter). 300 per adapter took 5-7 s per provider to draw under
load; the golden test's budget is 10 s in all."""
PROVIDER = "@provider"
"""The placeholder in drawn documents that each adapter's provider name replaces."""

# ------------------------------------------------------------------ requests built to take the fast pass

_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
EDGE_ARGUMENTS = [
    '{"a":0.00001}', '{"a":1e-05}', '{"a":1e+16}', '{"a":1e16}', '{"a":1.5}', '{"a":1,"a":2}', "[]", "", " {}",
    '{"a":9007199254740993}', '{"a":1e400}', '{"a":"\\ud800"}', '{"a":"\\u001f"}', '{"a":"\\u007f"}',
    '{"a":"\x7f"}', '{"a":"\\/"}', '{"a":"\\u00e9"}', '{"a":"é"}', '{"a":[1,{"b":null}]}', '{"a":-0.0}',
    '{"a":1.0}', '{"a":9007199254740992.0}', '{"a":true}', "{}", '{"a" :1}', "not json",
    '{"a":-9007199254740992}', '{"a":18446744073709551616}', '{"q":"x","n":5}', '{"q": "x"}',
]  # fmt: skip
"""Tool-call argument texts at the edges of the compact check: floats, escapes, duplicate keys, unsafe integers,
lone surrogates, blank and non-object texts. Drawn among others, and each sent once in the ``edges`` group."""
_arguments = st.one_of(json_objects.map(build_arguments), json_objects.map(json.dumps), st.sampled_from(EDGE_ARGUMENTS))


def _cache(provider: str) -> st.SearchStrategy[dict[str, Any]]:
    control = st.sampled_from([{}, {provider: {"cache_control": {"type": "ephemeral"}}}, {provider: {}}])
    return st.one_of(st.just({}), control.map(lambda metadata: {"provider_metadata": metadata} if metadata else {}))


def _plain_message(provider: str) -> st.SearchStrategy[dict[str, Any]]:
    text = st.builds(lambda t, m: {"type": "text", "text": t, **m}, _text, _cache(provider))
    image = st.builds(
        lambda kind, m: {"type": "image", "image": kind, **m},
        st.sampled_from([
            {"source": "base64", "media_type": "image/png", "base64": "iVBORw0KGgo="},
            {"source": "url", "url": "https://example.com/a.png"},
        ]),
        _cache(provider),
    )  # fmt: skip
    call = st.builds(
        lambda i, a, m: {"type": "tool_call", "tool_call": {"id": f"c{i}", "name": "search", "arguments": a}, **m},
        st.integers(0, 3), _arguments, _cache(provider),
    )  # fmt: skip
    result = st.builds(
        lambda i, t, e: {"type": "tool_result", "tool_result": {"tool_call_id": f"c{i}", "content": t, **e}},
        st.integers(0, 3), _text, st.sampled_from([{}, {}, {"is_error": True}]),
    )  # fmt: skip
    reasoning = st.sampled_from([
        {"type": "reasoning", "reasoning": {"text": "think", "signature": "c2ln", "issuer": provider}},
        {"type": "reasoning", "reasoning": {"redacted_data": "cmVk", "issuer": provider}},
    ])  # fmt: skip
    name = st.sampled_from([{}, {}, {}, {"name": "alice"}])
    return st.one_of(
        st.builds(lambda p, n: {"role": "system", "parts": p, **n}, st.lists(text, min_size=1, max_size=2), name),
        st.builds(lambda p, n: {"role": "user", "parts": p, **n}, st.lists(text | image, min_size=1, max_size=3), name),
        st.builds(lambda p: {"role": "assistant", "parts": p}, st.lists(text | call | reasoning, max_size=3)),
        st.builds(lambda p: {"role": "tool", "parts": [p]}, result),
    )


def plain_documents(provider: str = PROVIDER) -> st.SearchStrategy[dict[str, Any]]:
    """ChatRequest documents shaped to take the fast passes, with ``provider``'s metadata and reasoning."""
    return st.fixed_dictionaries(
        {"model": st.just("m"), "messages": st.lists(_plain_message(provider), min_size=1, max_size=6)},
        optional={"options": st.just({"max_tokens": 100})},
    )


def edge_documents(provider: str) -> list[dict[str, Any]]:
    """Hand-built requests, no draw: each of ``EDGE_ARGUMENTS`` in a tool call (alone, and after text), and
    the provider's ``cache_control`` on every kind of part that carries it."""
    cache = {"provider_metadata": {provider: {"cache_control": {"type": "ephemeral"}}}}
    result = {"type": "tool_result", "tool_result": {"tool_call_id": "c1", "content": "x"}}
    found = []
    for arguments in EDGE_ARGUMENTS:
        call = {"type": "tool_call", "tool_call": {"id": "c1", "name": "search", "arguments": arguments}}
        for head in ([], [{"type": "text", "text": "Go."}]):
            found.append({"model": "m", "options": {"max_tokens": 100}, "messages": [
                {"role": "user", "parts": [{"type": "text", "text": "Find it."}]},
                {"role": "assistant", "parts": [*head, call]},
                {"role": "tool", "parts": [result]},
            ]})  # fmt: skip
    image = {"source": "url", "url": "https://example.com/a.png"}
    found.append({"model": "m", "messages": [
        {"role": "system", "parts": [{"type": "text", "text": "Be terse.", **cache}]},
        {"role": "user", "parts": [{"type": "text", "text": "a", **cache}, {"type": "image", "image": image, **cache}]},
        {"role": "assistant", "parts": [
            {"type": "reasoning", "reasoning": {"text": "think", "signature": "c2ln", "issuer": provider}},
            {"type": "tool_call", "tool_call": {"id": "c1", "name": "f", "arguments": "{}"}, **cache},
        ]},
        {"role": "tool", "parts": [{**result, **cache}]},
    ]})  # fmt: skip
    return found


def for_provider(document: dict[str, Any], provider: str) -> dict[str, Any]:
    """``document`` with the placeholder provider replaced by ``provider`` (keys and ``issuer`` values)."""
    return json.loads(json.dumps(document).replace(json.dumps(PROVIDER), json.dumps(provider)))  # type: ignore[no-any-return]


# ------------------------------------------------------------------ the groups and their outcomes


def outcome(name: str, request: ChatRequest) -> tuple[Any, ...]:
    """What encoding ``request`` with adapter ``name`` gives: the body's JSON text and the warnings, or the
    refusal's type and text."""
    try:
        body, warnings = get(name).encode_request(request)
    except (ConversionRefused, WireError, ValueError, TypeError) as exc:
        return ("raised", type(exc).__name__, str(exc))
    return ("ok", json.dumps(body, ensure_ascii=False), [(warning.feature, warning.message) for warning in warnings])


@functools.cache
def _plain_draw() -> tuple[dict[str, Any], ...]:
    return tuple(draw_examples(plain_documents(), PLAIN, 0))


def vector_requests(name: str) -> list[dict[str, Any]]:
    """The canonical requests of adapter ``name``'s vector file, in order."""
    path = REPO_ROOT / "conformance" / "cases" / "adapters" / f"{name.replace(':', '.')}.ndjson"
    found = []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.startswith('{"kind": "request"'):
            found.append(json.loads(line)["canonical"])
    return found


@functools.cache
def groups() -> dict[str, list[dict[str, Any]]]:
    """Per group name (``"<adapter> plain"``, ``"<adapter> edges"``, ``"<adapter> gate"``): its request
    documents, in order."""
    found: dict[str, list[dict[str, Any]]] = {}
    for name in ADAPTERS:
        provider = get(name).provider
        found[f"{name} plain"] = [for_provider(document, provider) for document in _plain_draw()]
        found[f"{name} edges"] = edge_documents(provider)
        found[f"{name} gate"] = vector_requests(name)
    return found


def adapter_of(group: str) -> str:
    return group.rsplit(" ", 1)[0]


def outcome_text(group: str, document: dict[str, Any]) -> bytes:
    """One request's outcome as the bytes that are digested."""
    return json.dumps(outcome(adapter_of(group), ChatRequest.model_validate(document)), ensure_ascii=False).encode(
        "utf-8", "surrogatepass"
    )


def input_digest(documents: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(documents, sort_keys=True).encode()).hexdigest()[:20]


def digests(only: Callable[[str], bool] = lambda group: True) -> dict[str, dict[str, Any]]:
    """Per group: the input digest and one 12-digit digest per request's outcome."""
    return {
        group: {
            "input": input_digest(documents),
            "outputs": [hashlib.sha256(outcome_text(group, document)).hexdigest()[:12] for document in documents],
        }
        for group, documents in groups().items()
        if only(group)
    }


def dumps(found: dict[str, dict[str, Any]]) -> str:
    """The golden file's text: one group a line."""
    lines = [f"{json.dumps(group)}: {json.dumps(found[group])}" for group in sorted(found)]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help=f"write {GOLDEN.name} from the code as it is")
    parser.add_argument("--show", metavar="GROUP", help='print every outcome of one group ("anthropic plain")')
    parser.add_argument("--index", type=int, help="with --show: only this request, with its document")
    args = parser.parse_args()
    if args.show:
        documents = groups().get(args.show)
        if documents is None:
            raise SystemExit(f"no such group; groups: {', '.join(sorted(groups()))}")
        for index, document in enumerate(documents):
            if args.index is None or args.index == index:
                if args.index is not None:
                    print(json.dumps(document, ensure_ascii=False))
                print(index, outcome_text(args.show, document).decode("utf-8", "backslashreplace"))
    elif args.write:
        GOLDEN.write_text(dumps(digests()), encoding="utf-8")
        print(f"wrote {GOLDEN}")
    else:
        parser.print_help()


if __name__ == "__main__":
    main()
