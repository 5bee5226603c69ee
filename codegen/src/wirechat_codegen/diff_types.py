"""How one type expression relates to another across two schema versions (``diff.py`` uses it).

``value_shift(old, new)`` says whether the set of values NEW accepts is the same as OLD's, narrower, wider, or
different (neither contains the other), from the kinds, bounds, patterns and enums; ``describe`` writes a
type expression for a change's detail line.
"""

from __future__ import annotations

from typing import Literal

from wirechat_codegen.ir import ArrayOf, FreeForm, MapOf, Ref, Scalar, TypeExpr

__all__ = ["Shift", "describe", "value_shift"]

Shift = Literal["same", "narrowed", "widened", "changed"]


def describe(expr: TypeExpr) -> str:
    if isinstance(expr, Ref):
        return expr.name
    if isinstance(expr, ArrayOf):
        return f"array of {describe(expr.items)} [{expr.min_items}..{expr.max_items}]"
    if isinstance(expr, MapOf):
        return f"map of {describe(expr.values)}"
    if isinstance(expr, FreeForm):
        return "any JSON object" if expr.object_only else "any JSON value"
    bounds = [
        f"{key}={value!r}"
        for key, value in (
            ("minimum", expr.minimum),
            ("maximum", expr.maximum),
            ("minLength", expr.min_length),
            ("maxLength", expr.max_length),
            ("pattern", expr.pattern),
            ("const", expr.const),
        )
        if value is not None
    ]
    if expr.enum:
        bounds.append(f"enum={list(expr.enum)!r}")
    return expr.kind + (f" ({', '.join(bounds)})" if bounds else "")


def _combine(shifts: list[Shift]) -> Shift:
    moved = {s for s in shifts if s != "same"}
    if not moved:
        return "same"
    if len(moved) == 1:
        return moved.pop()
    return "changed"


def _lower(old: float | None, new: float | None) -> Shift:
    """A lower bound (minimum, minLength, minItems): raising it narrows, lowering or dropping it widens."""
    if old == new:
        return "same"
    if new is None:
        return "widened"
    if old is None:
        return "narrowed"
    return "narrowed" if new > old else "widened"


def _upper(old: float | None, new: float | None) -> Shift:
    """An upper bound (maximum, maxLength, maxItems): lowering it narrows, raising or dropping it widens."""
    if old == new:
        return "same"
    if new is None:
        return "widened"
    if old is None:
        return "narrowed"
    return "narrowed" if new < old else "widened"


def _scalar_shift(old: Scalar, new: Scalar) -> Shift:
    shifts: list[Shift] = []
    if old.kind != new.kind:
        if (old.kind, new.kind) == ("integer", "number"):
            shifts.append("widened")
        elif (old.kind, new.kind) == ("number", "integer"):
            shifts.append("narrowed")
        else:
            return "changed"
    if old.const != new.const:
        return "changed"
    if old.pattern != new.pattern:
        shifts.append("widened" if new.pattern is None else "narrowed" if old.pattern is None else "changed")
    if old.enum != new.enum:
        before, after = set(old.enum), set(new.enum)
        if not after or (before and before < after):
            shifts.append("widened")
        elif not before or after < before:
            shifts.append("narrowed")
        else:
            shifts.append("changed")
    shifts += [
        _lower(old.minimum, new.minimum),
        _upper(old.maximum, new.maximum),
        _lower(old.min_length, new.min_length),
        _upper(old.max_length, new.max_length),
    ]
    return _combine(shifts)


def value_shift(old: TypeExpr, new: TypeExpr) -> Shift:
    """How the set of values ``new`` accepts relates to the set ``old`` accepts."""
    if old == new:
        return "same"
    if isinstance(new, FreeForm) and not new.object_only:
        return "widened"
    if isinstance(old, FreeForm) and not old.object_only:
        return "narrowed"
    if isinstance(old, FreeForm) and isinstance(new, MapOf):
        return "narrowed"
    if isinstance(old, MapOf) and isinstance(new, FreeForm):
        return "widened"
    if isinstance(old, Scalar) and isinstance(new, Scalar):
        return _scalar_shift(old, new)
    if isinstance(old, ArrayOf) and isinstance(new, ArrayOf):
        return _combine(
            [
                value_shift(old.items, new.items),
                _lower(old.min_items, new.min_items),
                _upper(old.max_items, new.max_items),
            ]
        )
    if isinstance(old, MapOf) and isinstance(new, MapOf):
        return value_shift(old.values, new.values)
    return "changed"  # a different named type (Ref), or a different kind of value
