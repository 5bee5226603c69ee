"""A deterministic corpus of realistic conversations, as wirechat ``ChatRequest`` documents.

The shape follows the team's performance anchors (``shared/bench``): 4-40 messages per conversation, a
system prompt most of the time, user text with occasional images and data tables, assistant turns with
reasoning (often signed), text and parallel tool calls, tool results (5% errors), about 1% non-ASCII
text, and in the *mixed* flavour a few 20 KB texts and 100 KiB base64 images.
"""

from __future__ import annotations

import base64
import json
import random
from typing import Any

_VOCAB_TEXT = """
the of and to in is that for it as with was on be by this are from or have an they which one you
were all we when your can said there use each do how their if will up other about out many then
them these so some would make like time has two more write go see number no way could people my
than first water been call who oil its now find long down day did get come made may part request
latency token model schema stream adapter provider signature usage cache retry timeout invoice
customer order shipment
"""
VOCAB = _VOCAB_TEXT.split()
UNICODE_WORDS = ["naïve", "café", "Zürich", "façade", "München", "東京", "数据", "Привет", "😀", "🚀", "—", "ünïcödé"]
TOOLS = ["get_weather", "search_docs", "run_sql", "fetch_url", "create_ticket", "lookup_customer"]
MODELS = ["gpt-4.1", "claude-sonnet-4-5", "gemini-2.5-pro"]


def _pool(rng: random.Random, size: int = 1_200_000) -> str:
    out: list[str] = []
    total = 0
    while total < size:
        roll = rng.random()
        if roll < 0.02:
            piece = '\n```python\ndef f(x):\n    return {"key": x, "path": "C:\\\\tmp\\\\a.txt"}\n```\n'
        elif roll < 0.08:
            piece = ".\n\n" if rng.random() < 0.3 else ". "
        elif roll < 0.11:
            piece = " " + rng.choice(UNICODE_WORDS)
        elif roll < 0.13:
            piece = ', "' + rng.choice(VOCAB) + '"'
        else:
            piece = " " + rng.choice(VOCAB)
        out.append(piece)
        total += len(piece)
    return "".join(out)


class ConversationGenerator:
    """Builds one conversation at a time from a seeded random source."""

    def __init__(self, seed: int, big: bool) -> None:
        self.rng = random.Random(seed)
        self.pool = _pool(random.Random(seed + 1))
        self.big = big
        self.counter = 0

    def text(self, low: int, high: int) -> str:
        length = int(low * (high / low) ** self.rng.random())
        start = self.rng.randrange(0, len(self.pool) - length - 1)
        return self.pool[start : start + length].strip() or "ok"

    def ident(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}_{self.counter:08d}{self.rng.getrandbits(40):010x}"

    def tool_arguments(self) -> str:
        rng = self.rng
        arguments = {
            "query": self.text(8, 200),
            "limit": rng.randint(1, 50),
            "unit": rng.choice(["celsius", "fahrenheit"]),
            "filters": {"since": "2025-01-01", "tags": [rng.choice(VOCAB) for _ in range(rng.randint(0, 4))]},
        }
        return json.dumps(arguments, ensure_ascii=False)

    def data_value(self) -> dict[str, Any]:
        rng = self.rng
        rows = [
            {
                "id": rng.randint(1, 10**6),
                "name": rng.choice(VOCAB),
                "score": round(rng.random() * 100, 3),
                "active": rng.random() < 0.5,
                "tags": [rng.choice(VOCAB) for _ in range(rng.randint(0, 3))],
                "note": None,
            }
            for _ in range(rng.randint(1, 20))
        ]
        return {"rows": rows, "total": len(rows), "source": "warehouse"}

    def image(self, inline: bool) -> dict[str, Any]:
        if inline:
            data = base64.b64encode(self.rng.randbytes(76_800)).decode()  # 100 KiB of base64
            return {"source": "base64", "base64": data, "media_type": "image/png"}
        return {
            "source": "url",
            "url": f"https://images.example.com/{self.ident('img')}.jpg",
            "media_type": "image/jpeg",
        }

    def tool_definition(self, name: str) -> dict[str, Any]:
        return {
            "name": name,
            "description": self.text(40, 300),
            "input_schema": {
                "type": "object",
                "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}},
                "required": ["query"],
            },
        }

    def assistant_turn(self) -> tuple[dict[str, Any], list[str]]:
        rng = self.rng
        parts: list[dict[str, Any]] = []
        if rng.random() < 0.3:
            reasoning: dict[str, Any] = {"text": self.text(100, 1000)}
            if rng.random() < 0.7:
                reasoning["signature"] = base64.b64encode(rng.randbytes(150)).decode()
                reasoning["issuer"] = "anthropic"
            parts.append({"type": "reasoning", "reasoning": reasoning})
        calls = rng.randint(1, 3) if rng.random() < 0.35 else 0
        if calls == 0 or rng.random() < 0.3:
            parts.append({"type": "text", "text": self.text(50, 1500)})
        ids = []
        for _ in range(calls):
            call_id = self.ident("call")
            ids.append(call_id)
            tool_call = {"id": call_id, "name": rng.choice(TOOLS), "arguments": self.tool_arguments()}
            parts.append({"type": "tool_call", "tool_call": tool_call})
        return {"role": "assistant", "parts": parts}, ids

    def conversation(self) -> dict[str, Any]:
        rng = self.rng
        count = rng.randint(4, 40)
        big_text = self.big and rng.random() < 0.06
        big_image = self.big and rng.random() < 0.05
        messages: list[dict[str, Any]] = []
        if rng.random() < 0.85:
            messages.append({"role": "system", "parts": [{"type": "text", "text": self.text(100, 1500)}]})
        while len(messages) < count:
            parts: list[dict[str, Any]] = [{"type": "text", "text": self.text(20, 600)}]
            if rng.random() < 0.10:
                parts.append({"type": "image", "image": self.image(inline=False)})
            if rng.random() < 0.06:
                parts.append({"type": "data", "data": {"media_type": "application/json", "value": self.data_value()}})
            if big_text and rng.random() < 0.3:
                parts.append({"type": "text", "text": self.text(20_000, 20_001)})
                big_text = False
            if big_image and rng.random() < 0.3:
                parts.append({"type": "image", "image": self.image(inline=True)})
                big_image = False
            messages.append({"role": "user", "parts": parts})
            while True:
                message, ids = self.assistant_turn()
                messages.append(message)
                if not ids:
                    break
                results = []
                for call_id in ids:
                    if big_text and rng.random() < 0.3:
                        content = self.text(20_000, 20_001)
                        big_text = False
                    elif rng.random() < 0.4:
                        content = json.dumps(self.data_value(), ensure_ascii=False)
                    else:
                        content = self.text(50, 2000)
                    result: dict[str, Any] = {"tool_call_id": call_id, "content": content}
                    if rng.random() < 0.05:
                        result["is_error"] = True
                    results.append({"type": "tool_result", "tool_result": result})
                messages.append({"role": "tool", "parts": results})
        request: dict[str, Any] = {"model": rng.choice(MODELS), "messages": messages[:count]}
        if rng.random() < 0.7:
            request["tools"] = [self.tool_definition(name) for name in rng.sample(TOOLS, rng.randint(1, 4))]
            request["options"] = {"temperature": round(rng.random(), 2), "max_tokens": rng.randint(256, 8192)}
        return request


def make_corpus(count: int, seed: int = 7, big: bool = True) -> list[dict[str, Any]]:
    """``count`` ChatRequest documents; ``big`` adds the occasional 20 KB text and 100 KiB image."""
    generator = ConversationGenerator(seed, big)
    return [generator.conversation() for _ in range(count)]
