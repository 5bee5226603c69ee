"""Corpus shapes for the codec benchmark: one list of ``ChatRequest`` documents per shape of conversation.

The mix hides the worst case (base64 images are copied at memory speed by every codec), so each shape is
measured on its own:

- ``text-heavy``: user and assistant turns of plain text, one 30 KB text in each conversation;
- ``tool-heavy``: assistant turns of parallel tool calls and tool messages with their results;
- ``reasoning``: assistant turns of signed reasoning followed by a short answer;
- ``image-heavy``: user turns carrying a 100 KiB inline base64 image or image URLs;
- ``mixed``: the realistic mix of ``corpus.make_corpus`` (the team's performance anchors).

Every shape is deterministic for a given seed; conversations have about 60 parts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from corpus import ConversationGenerator, make_corpus

SHAPES = ("text-heavy", "tool-heavy", "reasoning", "image-heavy", "mixed")


def _request(gen: ConversationGenerator, messages: list[dict[str, Any]]) -> dict[str, Any]:
    return {"model": gen.rng.choice(["gpt-4.1", "claude-sonnet-4-5"]), "messages": messages}


def _text_heavy(gen: ConversationGenerator) -> dict[str, Any]:
    messages = [{"role": "system", "parts": [{"type": "text", "text": gen.text(200, 1500)}]}]
    big_at = gen.rng.randrange(1, 60)
    for index in range(1, 60):
        role = "user" if index % 2 else "assistant"
        text = gen.text(30_000, 30_001) if index == big_at else gen.text(50, 1200)
        messages.append({"role": role, "parts": [{"type": "text", "text": text}]})
    return _request(gen, messages)


def _tool_heavy(gen: ConversationGenerator) -> dict[str, Any]:
    messages: list[dict[str, Any]] = [{"role": "user", "parts": [{"type": "text", "text": gen.text(20, 300)}]}]
    while sum(len(m["parts"]) for m in messages) < 60:
        calls = []
        for _ in range(gen.rng.randint(2, 4)):
            call = {
                "id": gen.ident("call"),
                "name": gen.rng.choice(["get_weather", "run_sql"]),
                "arguments": gen.tool_arguments(),
            }
            calls.append({"type": "tool_call", "tool_call": call})
        messages.append({"role": "assistant", "parts": calls})
        results = []
        for call in calls:
            result = {"tool_call_id": call["tool_call"]["id"], "content": gen.text(50, 800)}
            results.append({"type": "tool_result", "tool_result": result})
        messages.append({"role": "tool", "parts": results})
    request = _request(gen, messages)
    request["tools"] = [gen.tool_definition(name) for name in ("get_weather", "run_sql")]
    return request


def _reasoning(gen: ConversationGenerator) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    while sum(len(m["parts"]) for m in messages) < 60:
        messages.append({"role": "user", "parts": [{"type": "text", "text": gen.text(20, 300)}]})
        reasoning = {"text": gen.text(200, 2000), "signature": gen.ident("sig") * 8, "issuer": "anthropic"}
        parts = [{"type": "reasoning", "reasoning": reasoning}, {"type": "text", "text": gen.text(20, 400)}]
        messages.append({"role": "assistant", "parts": parts})
    return _request(gen, messages)


def _image_heavy(gen: ConversationGenerator) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    inline_at = gen.rng.randrange(0, 20)
    for index in range(20):
        image = gen.image(inline=index == inline_at)
        parts = [{"type": "text", "text": gen.text(20, 200)}, {"type": "image", "image": image}]
        messages.append({"role": "user", "parts": parts})
        messages.append({"role": "assistant", "parts": [{"type": "text", "text": gen.text(20, 300)}]})
    return _request(gen, messages)


_BUILDERS: dict[str, Callable[[ConversationGenerator], dict[str, Any]]] = {
    "text-heavy": _text_heavy,
    "tool-heavy": _tool_heavy,
    "reasoning": _reasoning,
    "image-heavy": _image_heavy,
}


def make_shape(shape: str, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` ChatRequest documents of one shape (see the module's docstring)."""
    if shape == "mixed":
        return make_corpus(count, seed=seed)
    if shape not in _BUILDERS:
        raise ValueError(f"unknown corpus shape {shape!r}; the shapes are {', '.join(SHAPES)}")
    generator = ConversationGenerator(seed, big=False)
    return [_BUILDERS[shape](generator) for _ in range(count)]
