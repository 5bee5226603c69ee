"""Compare two schema versions and classify every change for readers and for writers (``wirechat schema diff``).

Both folders are loaded, bundled and read into the IR (``ir.py``), so a change is seen per named type and
member, whatever file it sits in. Each change gets two verdicts:

- **readers**: does a reader built from NEW still accept every document an OLD writer produced?
- **writers**: does every document a NEW writer produces still pass an OLD reader? ``tolerant`` means: only
  an OLD reader in tolerant mode (spec section 12) accepts it, keeping the unknown member, variant or open
  enum value and writing it back out unchanged; a strict OLD reader rejects it.

A change is breaking when either verdict is ``breaking``. The additive changes of spec section 12 (a new
optional member, a new union variant, a new value of an open enum, a new type) are compatible for readers
and tolerant for writers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from wirechat_codegen.bundle import bundle
from wirechat_codegen.diff_types import Shift, describe, value_shift
from wirechat_codegen.ir import (
    AliasType,
    EnumType,
    ObjectType,
    SchemaIR,
    TypeDef,
    UnionType,
    build_ir,
)
from wirechat_codegen.schema_files import load_schema_dir

__all__ = ["OPEN_ENUM_FALLBACK", "Change", "diff_dirs", "diff_ir", "load_ir"]

Verdict = Literal["compatible", "tolerant", "breaking"]

# An enum that lists this value is open (spec section 12): a tolerant reader maps an unknown value to it and
# keeps the original, so a new value is additive for it; a new value of any other enum is breaking.
OPEN_ENUM_FALLBACK = "other"


@dataclass(frozen=True)
class Change:
    """One difference between OLD and NEW: where, what, and the verdict for each side with the reason."""

    type: str
    member: str
    change: str
    readers: Verdict
    writers: Verdict
    detail: str

    @property
    def breaking(self) -> bool:
        return "breaking" in (self.readers, self.writers)

    @property
    def where(self) -> str:
        return f"{self.type}.{self.member}" if self.member else self.type

    def __str__(self) -> str:
        label = "BREAKING" if self.breaking else "ok"
        return (
            f"{label:8} {self.where}: {self.change} (readers: {self.readers}; writers: {self.writers}): {self.detail}"
        )

    def as_json(self) -> dict[str, object]:
        return {**asdict(self), "breaking": self.breaking}


def load_ir(directory: Path) -> SchemaIR:
    """Read one schema folder (``schema/v1``, ``schema/released/v1.0``) into the IR."""
    files = load_schema_dir(directory)
    return build_ir(directory.name, bundle(files, "urn:wirechat:diff"), files)


def diff_dirs(old: Path, new: Path) -> list[Change]:
    """Every change from the schema folder ``old`` to ``new``."""
    return diff_ir(load_ir(old), load_ir(new))


_SHIFT_VERDICTS: dict[Shift, tuple[Verdict, Verdict, str]] = {
    "narrowed": ("breaking", "compatible", "NEW accepts fewer values: a NEW reader rejects some OLD documents"),
    "widened": (
        "compatible",
        "breaking",
        "NEW accepts more values: an OLD reader (strict or tolerant) rejects a NEW document that uses them",
    ),
    "changed": ("breaking", "breaking", "the two accept different values; neither side can read the other"),
}


def _members(old: ObjectType, new: ObjectType) -> list[Change]:
    changes: list[Change] = []
    before = {m.name: m for m in old.members}
    after = {m.name: m for m in new.members}
    for name, member in before.items():
        if name not in after:
            writers: Verdict = "breaking" if member.required else "compatible"
            why = "objects are closed: a NEW reader rejects OLD documents that carry it"
            if member.required:
                why += "; an OLD reader requires it and NEW writers no longer write it"
            changes.append(Change(old.name, name, "member removed", "breaking", writers, why))
    for name, member in after.items():
        if name in before:
            continue
        if member.required:
            changes.append(
                Change(
                    new.name,
                    name,
                    "required member added",
                    "breaking",
                    "tolerant",
                    "OLD documents do not have it, so a NEW reader rejects them",
                )
            )
        else:
            changes.append(
                Change(
                    new.name,
                    name,
                    "optional member added",
                    "compatible",
                    "tolerant",
                    "a strict OLD reader rejects a document that sets it; a tolerant one keeps it and writes it back",
                )
            )
    for name in before.keys() & after.keys():
        was, now = before[name], after[name]
        if was.tag != now.tag:
            changes.append(
                Change(
                    new.name,
                    name,
                    "tag changed",
                    "breaking",
                    "breaking",
                    f"union tag {was.tag!r} became {now.tag!r}: the variant is selected by another value",
                )
            )
            continue
        if was.required != now.required:
            if now.required:
                changes.append(
                    Change(
                        new.name,
                        name,
                        "member made required",
                        "breaking",
                        "compatible",
                        "OLD documents may leave it out, and a NEW reader rejects them",
                    )
                )
            else:
                changes.append(
                    Change(
                        new.name,
                        name,
                        "member made optional",
                        "compatible",
                        "breaking",
                        "NEW writers may leave it out, and an OLD reader requires it",
                    )
                )
        shift = value_shift(was.type, now.type)
        if shift != "same":
            readers, writers_verdict, why = _SHIFT_VERDICTS[shift]
            changes.append(
                Change(
                    new.name,
                    name,
                    f"type {shift}",
                    readers,
                    writers_verdict,
                    f"{describe(was.type)} -> {describe(now.type)}: {why}",
                )
            )
    return changes


def _union(old: UnionType, new: UnionType) -> list[Change]:
    if old.tag_member != new.tag_member:
        why = f"the tag member was {old.tag_member!r} and is {new.tag_member!r}"
        return [Change(new.name, "", "tag member changed", "breaking", "breaking", why)]
    changes: list[Change] = []
    before = {v.tag: v.type_name for v in old.variants}
    after = {v.tag: v.type_name for v in new.variants}
    for tag, type_name in before.items():
        if tag not in after:
            why = f"{tag!r} ({type_name}) is gone: a NEW reader rejects OLD documents that use it"
            changes.append(Change(old.name, "", "variant removed", "breaking", "compatible", why))
        elif after[tag] != type_name:
            why = f"{tag!r} selected {type_name} and selects {after[tag]}"
            changes.append(Change(new.name, "", "variant changed", "breaking", "breaking", why))
    for tag, type_name in after.items():
        if tag not in before:
            why = (
                f"{tag!r} ({type_name}): a strict OLD reader rejects it; a tolerant one keeps it as an opaque value "
                "and writes it back"
            )
            changes.append(Change(new.name, "", "variant added", "compatible", "tolerant", why))
    return changes


def _enum(old: EnumType, new: EnumType) -> list[Change]:
    changes: list[Change] = []
    for value in old.values:
        if value not in new.values:
            why = f"{value!r} is gone: a NEW reader rejects OLD documents that use it"
            changes.append(Change(old.name, "", "enum value removed", "breaking", "compatible", why))
    open_enum = OPEN_ENUM_FALLBACK in old.values
    for value in new.values:
        if value not in old.values:
            if open_enum:
                why = (
                    f"{value!r}: the enum is open (it lists {OPEN_ENUM_FALLBACK!r}): a tolerant OLD reader reads it "
                    f"as {OPEN_ENUM_FALLBACK!r} and writes the original back; a strict one rejects it"
                )
                changes.append(Change(new.name, "", "enum value added", "compatible", "tolerant", why))
            else:
                why = (
                    f"{value!r}: the enum is closed (it does not list {OPEN_ENUM_FALLBACK!r}), so every OLD reader "
                    "rejects it"
                )
                changes.append(Change(new.name, "", "enum value added", "compatible", "breaking", why))
    return changes


def _kind(definition: TypeDef) -> str:
    return {ObjectType: "object", UnionType: "union", EnumType: "enum", AliasType: "alias"}[type(definition)]


def _same_shape(a: TypeDef, b: TypeDef) -> bool:
    """Equal apart from name, description and file: how a renamed type is recognised."""
    if isinstance(a, ObjectType) and isinstance(b, ObjectType):
        return a.members == b.members
    if isinstance(a, UnionType) and isinstance(b, UnionType):
        return (a.tag_member, a.variants) == (b.tag_member, b.variants)
    if isinstance(a, EnumType) and isinstance(b, EnumType):
        return a.values == b.values
    if isinstance(a, AliasType) and isinstance(b, AliasType):
        return a.type == b.type
    return False


def diff_ir(old: SchemaIR, new: SchemaIR) -> list[Change]:
    """Every change from ``old`` to ``new``, in type-name order."""
    changes: list[Change] = []
    removed = [t for t in old.types if t.name not in new.by_name]
    added = [t for t in new.types if t.name not in old.by_name]
    renamed_to: dict[str, str] = {}
    for gone in removed:
        match = next((t for t in added if t.name not in renamed_to.values() and _same_shape(gone, t)), None)
        if match is not None:
            renamed_to[gone.name] = match.name
    for gone in removed:
        if gone.name in renamed_to:
            why = f"renamed to {renamed_to[gone.name]}: generated code and references by name break"
            changes.append(Change(gone.name, "", "type renamed", "breaking", "breaking", why))
        else:
            why = "readers and writers that use it lose it"
            changes.append(Change(gone.name, "", "type removed", "breaking", "breaking", why))
    for fresh in added:
        if fresh.name not in renamed_to.values():
            why = "nothing old refers to it; it is reachable only through other changes listed here"
            changes.append(Change(fresh.name, "", "type added", "compatible", "compatible", why))
    for definition in old.types:
        now = new.by_name.get(definition.name)
        if now is None:
            continue
        if _kind(definition) != _kind(now):
            why = f"was {_kind(definition)}, is {_kind(now)}"
            changes.append(Change(definition.name, "", "kind changed", "breaking", "breaking", why))
        elif isinstance(definition, ObjectType) and isinstance(now, ObjectType):
            changes += _members(definition, now)
        elif isinstance(definition, UnionType) and isinstance(now, UnionType):
            changes += _union(definition, now)
        elif isinstance(definition, EnumType) and isinstance(now, EnumType):
            changes += _enum(definition, now)
        elif isinstance(definition, AliasType) and isinstance(now, AliasType):
            shift = value_shift(definition.type, now.type)
            if shift != "same":
                readers, writers, why = _SHIFT_VERDICTS[shift]
                detail = f"{describe(definition.type)} -> {describe(now.type)}: {why}"
                changes.append(Change(definition.name, "", f"type {shift}", readers, writers, detail))
    return sorted(changes, key=lambda c: (c.type, c.member, c.change))
