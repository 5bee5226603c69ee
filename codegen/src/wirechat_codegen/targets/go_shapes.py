"""The Go target's ``shapes_gen.go``: what a tolerant reader (spec section 12) must know of every type.

Python and TypeScript walk the bundled schema they carry; the Go package carries no schema, so it gets this
table instead: per named type its members (object), tag and variants (union), values (enum), or the shape of
an array, map or free-form value. ``go/wirechat/tolerant.go`` walks a document beside it. Each type's entry
is one assignment statement, which ``gofmt`` leaves as written.
"""

from __future__ import annotations

from wirechat_codegen.diff import OPEN_ENUM_FALLBACK
from wirechat_codegen.ir import (
    ArrayOf,
    EnumType,
    FreeForm,
    MapOf,
    ObjectType,
    Ref,
    Scalar,
    SchemaIR,
    TypeDef,
    TypeExpr,
    UnionType,
)
from wirechat_codegen.targets.go_code import go_string

__all__ = ["render_shapes"]

_DECLARATIONS = """// Shape is what a tolerant reader (spec section 12) must know of a type to tell a member, a union
// variant or an enum value it does not know from one it does. Kind is one of:
//   - "" (a leaf): a scalar, a closed enum or free-form JSON, where nothing is set aside;
//   - "ref": the named type Ref (a key of Shapes);
//   - "object": a closed object; Members lists every member it knows;
//   - "union": a tagged union; Tag is the tag member, Variants maps each tag value to its type;
//   - "enum": an open enum (it lists "other") with the values Enum;
//   - "array": an array of Items; "map": an object used as a map from names to Values.
type Shape struct {
	Kind     string
	Ref      string
	Members  map[string]*Shape
	Tag      string
	Variants map[string]string
	Enum     []string
	Items    *Shape
	Values   *Shape
}
"""


def _strings(values: tuple[str, ...] | list[str]) -> str:
    return "[]string{" + ", ".join(go_string(v) for v in values) + "}"


def _expr(expr: TypeExpr) -> str:
    """The fields of a Shape literal for ``expr``, without braces."""
    if isinstance(expr, Ref):
        return f'Kind: "ref", Ref: {go_string(expr.name)}'
    if isinstance(expr, ArrayOf):
        return f'Kind: "array", Items: &Shape{{{_expr(expr.items)}}}'
    if isinstance(expr, MapOf):
        return f'Kind: "map", Values: &Shape{{{_expr(expr.values)}}}'
    if isinstance(expr, Scalar) and OPEN_ENUM_FALLBACK in expr.enum:
        return f'Kind: "enum", Enum: {_strings(expr.enum)}'
    assert isinstance(expr, (Scalar, FreeForm))
    return ""


def _definition(definition: TypeDef) -> str:
    if isinstance(definition, ObjectType):
        members = ", ".join(f"{go_string(m.name)}: {{{_expr(m.type)}}}" for m in definition.members)
        return f'Kind: "object", Members: map[string]*Shape{{{members}}}'
    if isinstance(definition, UnionType):
        variants = ", ".join(f"{go_string(v.tag)}: {go_string(v.type_name)}" for v in definition.variants)
        return f'Kind: "union", Tag: {go_string(definition.tag_member)}, Variants: map[string]string{{{variants}}}'
    if isinstance(definition, EnumType) and OPEN_ENUM_FALLBACK in definition.values:
        return f'Kind: "enum", Enum: {_strings(definition.values)}'
    if isinstance(definition, EnumType):
        return ""  # a closed enum: checked strictly, nothing to set aside
    return _expr(definition.type)


def render_shapes(ir: SchemaIR, banner: list[str], package: str) -> str:
    """The text of ``shapes_gen.go``."""
    lines = [f"// {line}" for line in banner]
    lines += ["", f"package {package}", "", _DECLARATIONS]
    lines += [
        "// Shapes maps every type name of the schema to its Shape.",
        "var Shapes = func() map[string]*Shape {",
        "\tm := map[string]*Shape{}",
    ]
    lines += [f"\tm[{go_string(t.name)}] = &Shape{{{_definition(t)}}}" for t in ir.types]
    lines += ["\treturn m", "}()", ""]
    return "\n".join(lines)
