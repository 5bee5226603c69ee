"""The whole problem list of an invalid decode case, checked against spec section 5 and across languages.

Spec section 5 makes a decoder's problem list exact, so the runner compares it whole: for every invalid
decode case, each language's list of ``(pointer, rule, line, column)`` (messages are each language's own
words and are not compared) must

- follow section 5 on its own (``list_faults``): a text fault (``bom``, ``utf8``, ``syntax``,
  ``duplicate-key``, ``lone-surrogate``, ``depth``) is the only problem and carries a 1-based ``line`` and
  ``column``; no other problem carries them; ``too-large`` is alone at ``""``; problems are in pointer
  order (tokens as written: a decimal token before any other, two by value then as written, others by
  code points, a prefix first), then by rule; one per (pointer, rule); at most 100, then ``""`` ``too-many-problems``;
- equal the other languages' lists (``list_disagreements``). When the lists differ, a language whose list
  no other language gives while two or more agree on another is blamed; when no two agree, all are. The
  reason names each blamed language, the languages it differs from and how (entries missing, extra,
  or the same entries in another order).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "CAP",
    "TEXT_FAULTS",
    "Entry",
    "compare_pointers",
    "entries_of",
    "list_disagreements",
    "list_faults",
    "sort_entries",
]

TEXT_FAULTS = frozenset({"bom", "utf8", "syntax", "duplicate-key", "lone-surrogate", "depth"})
CAP = 100
_DECIMAL = re.compile(r"[0-9]+")

Entry = tuple[str, str, int | None, int | None]  # pointer, rule, line, column


def _key(pointer: str) -> list[tuple[int, int, str]]:
    # the tokens as written (escaped, never unescaped); a decimal token (0, value, text) before any other
    # (1, 0, text): a total order, compared lexicographically, a prefix first
    return [(0, int(t), t) if _DECIMAL.fullmatch(t) else (1, 0, t) for t in pointer.split("/")[1:]]


def compare_pointers(a: str, b: str) -> int:
    """-1, 0 or 1: the order of two JSON pointers in spec section 5.2."""
    left, right = _key(a), _key(b)
    return (left > right) - (left < right)


def _compare_entries(a: Entry, b: Entry) -> int:
    return compare_pointers(a[0], b[0]) or (a[1] > b[1]) - (a[1] < b[1])


def sort_entries(entries: Sequence[Entry]) -> list[Entry]:
    """``entries`` in section 5.2's order (pointer, then rule)."""
    return sorted(entries, key=functools.cmp_to_key(_compare_entries))


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def entries_of(answer: Mapping[str, Any]) -> list[Entry]:
    """The answer's problems as ``(pointer, rule, line, column)``, in the order the language gave them."""
    return [
        (
            str(problem.get("pointer")),
            str(problem.get("rule") or "(none)"),
            _int_or_none(problem.get("line")),
            _int_or_none(problem.get("column")),
        )
        for problem in answer.get("problems") or []
    ]


def show(entry: Entry) -> str:
    """``/a/0 type`` or ``(root) syntax 1:7``."""
    pointer, rule, line, column = entry
    where = f" {line}:{column}" if line is not None or column is not None else ""
    return f"{pointer or '(root)'} {rule}{where}"


def _location_faults(entries: Sequence[Entry]) -> list[str]:
    faults = []
    for entry in entries:
        _, rule, line, column = entry
        if rule in TEXT_FAULTS:
            if len(entries) > 1:
                faults.append(f"text fault {show(entry)} is not the only problem ({len(entries)} listed)")
            if line is None or column is None or line < 1 or column < 1:
                faults.append(f"text fault {show(entry)} has no 1-based line and column")
        elif line is not None or column is not None:
            faults.append(f"{show(entry)} carries a line/column, which only text faults do")
        if rule == "too-large" and (len(entries) > 1 or entry[0] != ""):
            faults.append(f"{show(entry)}: too-large is the only problem, at (root)")
    return faults


def list_faults(entries: Sequence[Entry]) -> list[str]:
    """How a problem list breaks spec section 5 on its own (empty when it follows it)."""
    faults = _location_faults(entries)
    listed = list(entries)
    if any(entry[1] == "too-many-problems" for entry in listed):
        if listed[-1][:2] != ("", "too-many-problems") or len(listed) != CAP + 1:
            faults.append(f"too-many-problems is the {CAP + 1}st and last problem, after exactly {CAP} others")
        listed = [entry for entry in listed if entry[1] != "too-many-problems"]
    elif len(listed) > CAP:
        faults.append(f"{len(listed)} problems listed: at most {CAP}, then (root) too-many-problems")
    seen: set[tuple[str, str]] = set()
    for entry in listed:
        if entry[:2] in seen:
            faults.append(f"{show(entry)} is listed twice (one problem per pointer and rule)")
        seen.add(entry[:2])
    for before, after in itertools.pairwise(listed):
        if _compare_entries(before, after) > 0:
            faults.append(f"out of order: {show(before)} before {show(after)} (pointer order, then rule)")
            break
    return faults


def _how(mine: Sequence[Entry], theirs: Sequence[Entry]) -> str:
    missing = [entry for entry in theirs if entry not in mine]
    extra = [entry for entry in mine if entry not in theirs]
    parts = []
    if missing:
        parts.append("lacks " + ", ".join(show(entry) for entry in missing[:4]) + (" ..." if len(missing) > 4 else ""))
    if extra:
        parts.append("adds " + ", ".join(show(entry) for entry in extra[:4]) + (" ..." if len(extra) > 4 else ""))
    if not parts:
        parts.append("same problems in another order: " + ", ".join(show(entry) for entry in mine[:6]))
    return "; ".join(parts)


def list_disagreements(answers: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Per blamed language, why its problem list breaks section 5 or differs from the others' (empty: agreed).

    Only languages that rejected the case with problems count: an acceptance or a testee error already
    fails that language's verdict.
    """
    lists = {
        language: entries_of(answer)
        for language, answer in answers.items()
        if answer.get("ok") is False and answer.get("problems")
    }
    reasons: dict[str, list[str]] = {language: [] for language in lists}
    for language, entries in lists.items():
        faults = list_faults(entries)
        if faults:
            reasons[language].append("its problem list breaks spec section 5: " + "; ".join(faults[:3]))
    groups: dict[tuple[Entry, ...], list[str]] = {}
    for language, entries in lists.items():
        groups.setdefault(tuple(entries), []).append(language)
    if len(groups) > 1:
        largest = max(len(members) for members in groups.values())
        majority = [key for key, members in groups.items() if len(members) == largest]
        reference = majority[0] if largest >= 2 and len(majority) == 1 else None
        for key, members in groups.items():
            if key == reference:
                continue
            for language in members:
                if reference is not None:
                    others = groups[reference]
                    how = _how(key, reference)
                else:
                    others = [other for other in lists if other not in members]
                    how = _how(key, lists[others[0]])
                reasons[language].append(f"its problem list differs from {' and '.join(others)}: {how}")
    return {language: "; ".join(found) for language, found in reasons.items() if found}
