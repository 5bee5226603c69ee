"""The other spellings of a ``generateContent`` body, read as the canonical one before decoding.

The Gemini API parses its JSON as proto3 JSON, so it takes every member under its proto name as well as its
camelCase JSON name, and a single value where a list is expected; clients use both (the google-genai SDKs
and ruby-llm send ``thinking_config.thinking_budget``, ``parameters_json_schema``, ``inline_data``,
``function_declarations``; ellmer sends ``systemInstruction.parts`` and ``tools`` as one object).
``normalize`` rewrites the members this adapter reads (``BODY``: the vocabulary, by camelCase name) in the
spelling it writes: a snake_case name becomes its camelCase twin, and a repeated member given as one object
becomes a list of it. A member outside the vocabulary is left as it was given, and what is inside it too:
it travels whole (``provider_options``, a provider tool's definition) or is reported, as given. So are the
caller's own JSON values (function arguments and responses, schemas), which the vocabulary does not enter.

``Spelling`` gives the pointers (into the body as given) of what it rewrote, outermost only, for the
``request.spelling`` warning (the body written back says the same in the other spelling), and takes the
decoder's pointers back to the body as given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["BODY", "Spelling", "camel", "normalize"]

Vocabulary = Mapping[str, "Vocabulary | None"]

_BLOB: Vocabulary = {"mimeType": None, "data": None, "displayName": None}
_FILE: Vocabulary = {"mimeType": None, "fileUri": None, "displayName": None}
_PARTIAL_ARG: Vocabulary = dict.fromkeys(("jsonPath", "stringValue", "numberValue", "boolValue", "nullValue",
                                          "willContinue"))  # fmt: skip
_PART: Vocabulary = {
    "text": None, "thought": None, "thoughtSignature": None, "inlineData": _BLOB, "fileData": _FILE,
    "functionCall": {"id": None, "name": None, "args": None, "partialArgs": _PARTIAL_ARG, "willContinue": None},
    "functionResponse": {"id": None, "name": None, "response": None},
    "executableCode": None, "codeExecutionResult": None, "toolCall": None, "toolResponse": None,
}  # fmt: skip
_CONTENT: Vocabulary = {"role": None, "parts": _PART}
_DECLARATION: Vocabulary = dict.fromkeys(("name", "description", "parameters", "parametersJsonSchema", "response",
                                          "responseJsonSchema"))  # fmt: skip
_GENERATION: Vocabulary = {
    **dict.fromkeys(("temperature", "topP", "topK", "maxOutputTokens", "seed", "stopSequences", "responseMimeType",
                     "responseSchema", "responseJsonSchema", "candidateCount", "presencePenalty", "frequencyPenalty",
                     "responseLogprobs", "logprobs", "responseModalities", "mediaResolution")),
    "thinkingConfig": dict.fromkeys(("includeThoughts", "thinkingBudget", "thinkingLevel")),
    "imageConfig": dict.fromkeys(("aspectRatio", "imageSize")),
}  # fmt: skip
BODY: Vocabulary = {
    "model": None,
    "contents": _CONTENT,
    "systemInstruction": _CONTENT,
    "tools": {"functionDeclarations": _DECLARATION},
    "toolConfig": {"functionCallingConfig": {"mode": None, "allowedFunctionNames": None}},
    "generationConfig": _GENERATION,
    "safetySettings": {"category": None, "threshold": None},
}
"""The members this adapter reads, by camelCase name: an object is the vocabulary of the member's value (of
each item, for a list), None a member read but not entered (a value, or the caller's own JSON)."""
LISTS = frozenset({"contents", "parts", "tools", "functionDeclarations", "safetySettings"})
"""Repeated members the API also takes as one object, read as a list of it."""


def camel(name: str) -> str:
    """The camelCase twin of a proto field name (``thinking_budget`` -> ``thinkingBudget``)."""
    if "_" not in name or name.startswith("_"):
        return name
    head, *rest = name.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


class Spelling:
    """A body read in the canonical spelling: ``body``; ``rewritten``, the pointers (into the body as given)
    of the members rewritten, outermost only; ``original(pointer)``, a pointer into ``body`` taken back to
    the body as given."""

    def __init__(self, given: Any) -> None:
        self.rewritten: list[str] = []
        self._renamed: dict[str, str] = {}  # canonical pointer -> pointer as given, for every rewrite
        self.body = self._object(given, BODY, "", "", report=True)

    def original(self, pointer: str) -> str:
        """``pointer`` (into ``body``) as a pointer into the body as given."""
        best = max((p for p in self._renamed if pointer == p or pointer.startswith(p + "/")), key=len, default=None)
        return pointer if best is None else self._renamed[best] + pointer[len(best) :]

    def _object(self, value: Any, vocabulary: Vocabulary, where: str, given: str, *, report: bool) -> Any:
        if not isinstance(value, dict):
            return value
        out: dict[str, Any] = {}
        for key, item in value.items():
            name = camel(key) if isinstance(key, str) and camel(key) in vocabulary else key
            at, at_given = f"{where}/{_escape(str(name))}", f"{given}/{_escape(str(key))}"
            inner = report
            if name != key:
                self._note(at, at_given, report)
                inner = False  # what is rewritten inside is covered by this pointer
            if name in LISTS and isinstance(item, dict):
                self._note(f"{at}/0", at_given, inner)
                read: Any = [self._value(item, vocabulary.get(name), f"{at}/0", at_given, report=False)]
            else:
                read = self._value(item, vocabulary.get(name), at, at_given, report=inner)
            if name in out and name != key:
                continue  # both spellings given: the camelCase one is kept, this one is reported above
            out[name] = read
        return out

    def _value(self, value: Any, vocabulary: Vocabulary | None, where: str, given: str, *, report: bool) -> Any:
        if vocabulary is None:
            return value
        if isinstance(value, list):
            return [self._object(item, vocabulary, f"{where}/{i}", f"{given}/{i}", report=report)
                    for i, item in enumerate(value)]  # fmt: skip
        return self._object(value, vocabulary, where, given, report=report)

    def _note(self, at: str, at_given: str, report: bool) -> None:
        self._renamed[at] = at_given
        if report:
            self.rewritten.append(at_given)


def normalize(body: Any) -> Spelling:
    """``body`` read in the canonical spelling (see the module docstring)."""
    return Spelling(body)
