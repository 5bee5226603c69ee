"""A small, language-neutral model of the bundled schema, for the emitters that we write ourselves.

The bundle is JSON Schema; an emitter wants to know "a struct with these members", "a tagged union of
these variants", "a string enum". ``build_ir`` reads the bundle once, resolves every ``$ref`` to a type
name, and refuses the shapes that no emitter supports (so a new keyword fails generation loudly instead
of being dropped). Only the keyword subset that the lint allows can appear here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from wirechat_codegen.schema_files import SchemaFile

ScalarKind = Literal["string", "integer", "number", "boolean"]


class IRError(Exception):
    """The bundle holds a shape the emitters cannot express."""


@dataclass(frozen=True)
class Scalar:
    """A string, integer, number or boolean, with the constraints the schema puts on it."""

    kind: ScalarKind
    minimum: int | float | None = None
    maximum: int | float | None = None
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    enum: tuple[str, ...] = ()
    const: str | None = None


@dataclass(frozen=True)
class Ref:
    """A reference to a named type."""

    name: str


@dataclass(frozen=True)
class ArrayOf:
    """An array, with its item type and size bounds."""

    items: TypeExpr
    min_items: int | None = None
    max_items: int | None = None


@dataclass(frozen=True)
class MapOf:
    """An object used as a map from names to values of one type."""

    values: TypeExpr


@dataclass(frozen=True)
class FreeForm:
    """Any JSON value (``object_only``: any JSON object), kept as raw JSON."""

    object_only: bool


TypeExpr = Scalar | Ref | ArrayOf | MapOf | FreeForm


@dataclass(frozen=True)
class Member:
    """One member of an object type. A member with ``tag`` set is a union tag: a required string const."""

    name: str
    type: TypeExpr
    required: bool
    description: str
    tag: str | None = None


@dataclass(frozen=True)
class ObjectType:
    """A closed object; ``unions`` lists the unions that have it as a variant."""

    name: str
    description: str
    source: str
    members: tuple[Member, ...]
    unions: tuple[str, ...] = ()

    @property
    def tag_member(self) -> Member | None:
        return next((m for m in self.members if m.tag is not None), None)


@dataclass(frozen=True)
class Variant:
    """One variant of a tagged union: the tag value and the object type it selects."""

    tag: str
    type_name: str


@dataclass(frozen=True)
class UnionType:
    """A tagged union: the member that holds the tag, and the variants in schema order."""

    name: str
    description: str
    source: str
    tag_member: str
    variants: tuple[Variant, ...]


@dataclass(frozen=True)
class EnumType:
    """A string enum."""

    name: str
    description: str
    source: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class AliasType:
    """A named type that is not an object, union or enum: an array, a map or free-form JSON."""

    name: str
    description: str
    source: str
    type: TypeExpr


TypeDef = ObjectType | UnionType | EnumType | AliasType


@dataclass(frozen=True)
class SchemaIR:
    """Every named type of one schema version, sorted by name."""

    version: str
    types: tuple[TypeDef, ...]
    by_name: dict[str, TypeDef] = field(compare=False)

    def sources(self) -> list[str]:
        """The schema files that define types, sorted."""
        return sorted({t.source for t in self.types})


def _ref_name(ref: str, where: str) -> str:
    prefix = "#/$defs/"
    if not ref.startswith(prefix):
        raise IRError(f"{where}: $ref {ref!r} is not a bundle reference")
    return ref[len(prefix) :]


def _expr(schema: dict[str, Any], where: str) -> TypeExpr:
    if "$ref" in schema:
        return Ref(_ref_name(schema["$ref"], where))
    kind = schema.get("type")
    if kind is None:
        return FreeForm(object_only=False)
    if kind == "array":
        items = schema.get("items")
        if not isinstance(items, dict):
            raise IRError(f"{where}: an array needs `items`")
        return ArrayOf(_expr(items, f"{where}/items"), schema.get("minItems"), schema.get("maxItems"))
    if kind == "object":
        if "properties" in schema or "oneOf" in schema:
            raise IRError(f"{where}: an inline object needs a name: move it to `$defs` with a title")
        extra = schema.get("additionalProperties")
        if extra is True:
            return FreeForm(object_only=True)
        if isinstance(extra, dict):
            return MapOf(_expr(extra, f"{where}/additionalProperties"))
        raise IRError(f"{where}: an object without members must say what its members are")
    if kind in ("string", "integer", "number", "boolean"):
        enum = schema.get("enum", [])
        if any(not isinstance(value, str) for value in enum):
            raise IRError(f"{where}: only string enums are supported")
        return Scalar(
            kind=kind,
            minimum=schema.get("minimum"),
            maximum=schema.get("maximum"),
            min_length=schema.get("minLength"),
            max_length=schema.get("maxLength"),
            pattern=schema.get("pattern"),
            enum=tuple(enum),
            const=schema.get("const"),
        )
    raise IRError(f"{where}: type {kind!r} is not supported")


def _object(name: str, schema: dict[str, Any], source: str, tag_names: set[str]) -> ObjectType:
    required = set(schema.get("required", []))
    members = []
    for member_name, member_schema in schema.get("properties", {}).items():
        where = f"{name}.{member_name}"
        expr = _expr(member_schema, where)
        tag = None
        if isinstance(expr, Scalar) and expr.const is not None:
            if member_name not in tag_names or member_name not in required:
                raise IRError(f"{where}: a `const` is supported only as the required tag of a union variant")
            tag = expr.const
        description = member_schema.get("description", "")
        members.append(Member(member_name, expr, member_name in required, description, tag))
    return ObjectType(name, schema.get("description", ""), source, tuple(members))


def build_ir(version: str, bundle: dict[str, Any], files: list[SchemaFile]) -> SchemaIR:
    """Read the bundle into named types; ``files`` tell which schema file each type comes from."""
    defs: dict[str, dict[str, Any]] = bundle["$defs"]
    source_of: dict[str, str] = {}
    for schema_file in files:
        for name in [schema_file.title, *schema_file.document.get("$defs", {})]:
            source_of[name] = schema_file.name
    tag_names = {d["discriminator"]["propertyName"] for d in defs.values() if "oneOf" in d}
    unions_of: dict[str, list[str]] = {}
    types: dict[str, TypeDef] = {}
    for name, schema in defs.items():
        source = source_of.get(name, "")
        description = schema.get("description", "")
        if "oneOf" in schema:
            tag_member = schema["discriminator"]["propertyName"]
            variants = []
            for branch in schema["oneOf"]:
                variant_name = _ref_name(branch["$ref"], name)
                tag = defs[variant_name]["properties"][tag_member]["const"]
                variants.append(Variant(tag, variant_name))
                unions_of.setdefault(variant_name, []).append(name)
            types[name] = UnionType(name, description, source, tag_member, tuple(variants))
        elif schema.get("type") == "object" and "properties" in schema:
            types[name] = _object(name, schema, source, tag_names)
        elif schema.get("type") == "string" and "enum" in schema:
            types[name] = EnumType(name, description, source, tuple(schema["enum"]))
        else:
            types[name] = AliasType(name, description, source, _expr(schema, name))
    for name, unions in unions_of.items():
        variant = types[name]
        if not isinstance(variant, ObjectType) or variant.tag_member is None:
            raise IRError(f"{name}: a union variant must be an object with a tag member")
        types[name] = ObjectType(
            variant.name, variant.description, variant.source, variant.members, tuple(sorted(unions))
        )
    ordered = tuple(types[name] for name in sorted(types))
    return SchemaIR(version, ordered, {t.name: t for t in ordered})
