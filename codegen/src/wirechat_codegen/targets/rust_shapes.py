"""The Rust target's ``shapes.rs``: what a tolerant reader (spec section 12) must know of every type.

The Rust crate carries no schema, so, as the Go target's ``shapes_gen.go`` does, it gets a table: per named
type its members (object), tag and variants (union), values (an open enum), or the shape of an array, map
or free-form value. ``rust/src/tolerant.rs`` walks a parsed document beside it. Every shape is a
``static`` built from constant expressions (no allocation, no lazy initialisation).
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

__all__ = ["render_shapes"]

_DECLARATIONS = """/// What a tolerant reader (spec section 12) must know of a type to tell a member, a union variant
/// or an enum value it does not know from one it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A scalar, a closed enum or free-form JSON: nothing is set aside inside it.
    Leaf,
    /// The named type (a key of `shape`).
    Ref(&'static str),
    /// A closed object: every member it knows, with its shape.
    Object(&'static [(&'static str, Shape)]),
    /// A tagged union: the tag member, and each tag value with its variant's type name.
    Union {
        tag: &'static str,
        variants: &'static [(&'static str, &'static str)],
    },
    /// An open enum (it lists `other`): its values.
    Enum(&'static [&'static str]),
    /// An array of the shape.
    Array(&'static Shape),
    /// An object used as a map from names to values of the shape.
    Map(&'static Shape),
}
"""


def _str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _strings(values: tuple[str, ...] | list[str]) -> str:
    return "&[" + ", ".join(_str(v) for v in values) + "]"


def _expr(expr: TypeExpr) -> str:
    if isinstance(expr, Ref):
        return f"Shape::Ref({_str(expr.name)})"
    if isinstance(expr, ArrayOf):
        return f"Shape::Array(&{_expr(expr.items)})"
    if isinstance(expr, MapOf):
        return f"Shape::Map(&{_expr(expr.values)})"
    if isinstance(expr, Scalar) and OPEN_ENUM_FALLBACK in expr.enum:
        return f"Shape::Enum({_strings(expr.enum)})"
    assert isinstance(expr, (Scalar, FreeForm))
    return "Shape::Leaf"


def _definition(definition: TypeDef) -> str:
    if isinstance(definition, ObjectType):
        members = ", ".join(f"({_str(m.name)}, {_expr(m.type)})" for m in definition.members)
        return f"Shape::Object(&[{members}])"
    if isinstance(definition, UnionType):
        variants = ", ".join(f"({_str(v.tag)}, {_str(v.type_name)})" for v in definition.variants)
        return f"Shape::Union {{ tag: {_str(definition.tag_member)}, variants: &[{variants}] }}"
    if isinstance(definition, EnumType) and OPEN_ENUM_FALLBACK in definition.values:
        return f"Shape::Enum({_strings(definition.values)})"
    if isinstance(definition, EnumType):
        return "Shape::Leaf"  # a closed enum: checked strictly, nothing to set aside
    return _expr(definition.type)


def render_shapes(ir: SchemaIR, banner: list[str]) -> str:
    """The text of ``shapes.rs``."""
    lines = [f"// {line}" for line in banner]
    lines += ["//! Every wire type's shape, for the tolerant reader (spec section 12).", "", _DECLARATIONS]
    lines += [
        "/// The shape of the wire type named `name`; `None` when there is no type of that name.",
        "pub fn shape(name: &str) -> Option<&'static Shape> {",
        "    Some(match name {",
    ]
    lines += [f"        {_str(t.name)} => &{_definition(t)}," for t in ir.types]
    lines += ["        _ => return None,", "    })", "}", ""]
    return "\n".join(lines)
