"""``WireError``: the one exception for a document that is not valid wirechat.

A ``WireError`` is a ``ValueError`` that lists every problem found, each as an RFC 6901 JSON pointer into
the document and a plain message, so a caller can show all of them at once or act on one.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Problem", "WireError", "escape_pointer_token", "pointer_from_path"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a document: where (a JSON pointer, ``""`` for the root), what, and the rule.

    ``line`` and ``column`` (1-based; the column counts code points) are set for text faults only, the
    faults that stop decoding (spec section 5.1): ``bom``, ``utf8``, ``syntax``, ``duplicate-key``,
    ``lone-surrogate`` and ``depth``. Schema and number problems have a pointer and no position.

    ``rule`` names the rule broken, with the names the TypeScript package uses too: a JSON Schema keyword
    (``required``, ``additionalProperties``, ``discriminator``, ``type``, ``enum``, ``const``, ``pattern``,
    ``minimum``, ``maximum``, ``minLength``, ``maxLength``, ``minItems``, ``maxItems``) or an I-JSON rule
    (``syntax``, ``utf8``, ``bom``, ``duplicate-key``, ``lone-surrogate``, ``number-overflow``,
    ``unsafe-integer``, ``integer-literal``, ``depth``, ``json-value``) or a limit (``too-large``,
    ``too-many-problems``).
    """

    pointer: str
    message: str
    rule: str = ""
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = "" if self.line is None else f" (line {self.line}, column {self.column})"
        return f"{self.pointer or '(root)'}: {self.message}{where}"


def escape_pointer_token(token: str | int) -> str:
    text = str(token)
    return text.replace("~", "~0").replace("/", "~1") if "~" in text or "/" in text else text


def pointer_from_path(path: list[str | int] | tuple[str | int, ...]) -> str:
    """``["parts", 0, "text"]`` -> ``"/parts/0/text"``."""
    return "".join("/" + escape_pointer_token(token) for token in path)


class WireError(ValueError):
    """A document is not valid wirechat: ``problems`` says where and why, one entry per problem."""

    def __init__(self, problems: list[Problem], type_name: str | None = None) -> None:
        if not problems:
            raise ValueError("a WireError needs at least one problem")
        self.problems = problems
        self.type_name = type_name
        what = f"invalid {type_name}" if type_name else "invalid document"
        count = f"{len(problems)} problems" if len(problems) > 1 else "1 problem"
        lines = "\n".join(f"  {problem}" for problem in problems)
        super().__init__(f"{what} ({count}):\n{lines}")
