"""The Python fast target: msgspec Structs of every schema type, for ``wirechat.fast``.

Output folder ``python/src/wirechat/_fast_generated/``: ``structs.py`` and ``__init__.py``. Rendered from
the language-neutral IR (``wirechat_codegen.ir``), so a type added to the schema appears here on
regeneration, and a shape no emitter supports fails generation. The mapping:

- a closed object becomes a ``Struct`` with ``forbid_unknown_fields``; an optional member defaults to
  ``UNSET`` (left out when encoding, and ``null`` is refused, as the schema does); a union variant
  carries its tag through msgspec's ``tag_field``/``tag``, so the tag member is not a field;
- a tagged union becomes a ``Union`` alias of its variants, an enum a ``Literal`` (each alias is
  ``Annotated`` with its ``WireName``, since msgspec reads no ``TypeAliasType``);
- bounds, lengths and patterns become ``msgspec.Meta`` constraints (integers are ``int``, numbers
  ``float``);
- free-form JSON is ``Any`` (or ``dict[str, Any]``), checked by ``wirechat.fast`` over the whole
  document (the native I-JSON scan on decode, the scan of the written bytes on encode), not in
  ``__post_init__``: a Python call per Struct cost more than the scan (docs/decisions/022-native-scan.md);
- a member with the schema's base64 pattern checks it in ``__post_init__`` through
  ``wirechat._fast_check.check_base64`` (native when built) rather than ``msgspec.Meta(pattern=...)``:
  Python's ``re`` on a 100 KiB image took four times the parse of the whole document.
"""

from __future__ import annotations

import keyword
import subprocess
import sys
from pathlib import Path

from wirechat_codegen.ir import (
    AliasType,
    ArrayOf,
    EnumType,
    FreeForm,
    IRError,
    MapOf,
    Member,
    ObjectType,
    Ref,
    Scalar,
    SchemaIR,
    TypeExpr,
    UnionType,
    build_ir,
)
from wirechat_codegen.targets import GenerationInput, Target, banner_lines

_MODULE_DOC = "msgspec Structs of every wire type, for ``wirechat.fast`` (one per schema type, same names)."
_SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}
BASE64_PATTERN = "^[A-Za-z0-9+/]*={0,2}$"
"""The schema's base64 pattern: members that have it call ``check_base64`` instead of ``re``."""


def _python_pattern(pattern: str | None) -> str | None:
    """The schema's (ECMA-262) pattern for Python's ``re``, which msgspec uses: there ``$`` also matches
    before a final newline, so a pattern's closing ``$`` becomes ``\\Z`` (the end of the text only)."""
    if pattern is not None and pattern.endswith("$") and not pattern.endswith("\\$"):
        return pattern[:-1] + "\\Z"
    return pattern


def _meta(**constraints: object) -> str:
    given = [f"{key}={value!r}" for key, value in constraints.items() if value is not None]
    return f"msgspec.Meta({', '.join(given)})" if given else ""


def _annotation(expr: TypeExpr) -> str:
    if isinstance(expr, Ref):
        return expr.name
    if isinstance(expr, FreeForm):
        return "dict[str, Any]" if expr.object_only else "Any"
    if isinstance(expr, MapOf):
        return f"dict[str, {_annotation(expr.values)}]"
    if isinstance(expr, ArrayOf):
        inner = f"list[{_annotation(expr.items)}]"
        meta = _meta(min_length=expr.min_items, max_length=expr.max_items)
        return f"Annotated[{inner}, {meta}]" if meta else inner
    if expr.enum:
        return f"Literal[{', '.join(repr(value) for value in expr.enum)}]"
    meta = _meta(
        ge=expr.minimum,
        le=expr.maximum,
        min_length=expr.min_length,
        max_length=expr.max_length,
        pattern=_python_pattern(expr.pattern),
    )
    base = _SCALARS[expr.kind]
    return f"Annotated[{base}, {meta}]" if meta else base


def _is_base64(expr: TypeExpr) -> bool:
    """A plain string member with the base64 pattern and no other constraint (its check is generated)."""
    return (
        isinstance(expr, Scalar)
        and expr.kind == "string"
        and expr.pattern == BASE64_PATTERN
        and not expr.enum
        and (expr.min_length, expr.max_length) == (None, None)
    )


def _field_name(member: Member) -> str:
    name = member.name
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
        return f"{name.strip('_')}_"
    return name


def _struct(obj: ObjectType, ir: SchemaIR) -> list[str]:
    options = ["kw_only=True", "forbid_unknown_fields=True", "omit_defaults=True"]
    tag = obj.tag_member
    if tag is not None:
        options += [f"tag_field={tag.name!r}", f"tag={tag.tag!r}"]
    lines = [f"class {obj.name}(msgspec.Struct, {', '.join(options)}):"]
    doc = obj.description.replace('"""', "'''").replace("\\", "\\\\")
    lines.append(f'    """{doc}"""' if doc else f'    """The {obj.name} type."""')
    lines.append("")
    checked = []
    for member in obj.members:
        if member.tag is not None:
            continue
        name = _field_name(member)
        annotation = "str" if _is_base64(member.type) else _annotation(member.type)
        rename = f"name={member.name!r}" if name != member.name else ""
        if member.required:
            default = f" = msgspec.field({rename})" if rename else ""
            lines.append(f"    {name}: {annotation}{default}")
        else:
            extra = f", {rename}" if rename else ""
            lines.append(f"    {name}: {annotation} | msgspec.UnsetType = msgspec.field(default=msgspec.UNSET{extra})")
        if _is_base64(member.type):
            checked.append((name, member.name))
    if checked:
        lines += ["", "    def __post_init__(self) -> None:"]
        for name, wire_name in checked:
            lines.append(f"        check_base64(self.{name}, {wire_name!r})")
    return lines


def _alias_line(type_def: UnionType | EnumType | AliasType) -> str:
    if isinstance(type_def, UnionType):
        value = " | ".join(variant.type_name for variant in type_def.variants)
    elif isinstance(type_def, EnumType):
        value = f"Literal[{', '.join(repr(value) for value in type_def.values)}]"
    else:
        value = _annotation(type_def.type)
    # The name rides along as Annotated metadata (msgspec ignores it): two aliases of the same shape
    # (ProviderMetadata, ProviderOptions) stay distinct objects, and wirechat.fast finds a type's name.
    return f"{type_def.name} = Annotated[{value}, WireName({type_def.name!r})]"


def _refs(expr: TypeExpr) -> set[str]:
    if isinstance(expr, Ref):
        return {expr.name}
    if isinstance(expr, (MapOf, ArrayOf)):
        return _refs(expr.values if isinstance(expr, MapOf) else expr.items)
    return set()


def _aliases_in_order(ir: SchemaIR) -> list[UnionType | EnumType | AliasType]:
    """Aliases after the aliases they name (they are evaluated when the module loads; Structs are not)."""
    aliases = {t.name: t for t in ir.types if isinstance(t, (UnionType, EnumType, AliasType))}
    ordered: list[UnionType | EnumType | AliasType] = []
    placing: set[str] = set()

    def place(name: str) -> None:
        if name not in aliases or aliases[name] in ordered:
            return
        if name in placing:
            raise IRError(f"{name}: a type alias that refers to itself")
        placing.add(name)
        alias = aliases[name]
        if isinstance(alias, AliasType):
            for needed in sorted(_refs(alias.type)):
                place(needed)
        ordered.append(alias)

    for name in sorted(aliases):
        place(name)
    return ordered


def render_structs(ir: SchemaIR, header: str) -> str:
    chunks: list[list[str]] = []
    for type_def in ir.types:
        if isinstance(type_def, ObjectType):
            tags = {ir.by_name[union].tag_member for union in type_def.unions}  # type: ignore[union-attr]
            if len(tags) > 1:
                raise IRError(f"{type_def.name}: a variant of unions with different tag members")
            chunks.append(_struct(type_def, ir))
    chunks.append([_alias_line(alias) for alias in _aliases_in_order(ir)])
    names = [type_def.name for type_def in ir.types]
    body = "\n\n\n".join("\n".join(chunk) for chunk in chunks)
    exports = "".join(f'    "{name}",\n' for name in names)
    return (
        f"{header}\n# ruff: noqa: E501  (patterns and unions are long; ruff formats the rest)\n"
        f'"""{_MODULE_DOC}"""\n\n'
        "from __future__ import annotations\n\n"
        "from typing import Annotated, Any, Literal\n\n"
        "import msgspec\n\n"
        "from wirechat._fast_check import WireName, check_base64\n\n"
        f"__all__ = [\n{exports}]\n\n\n{body}\n"
    )


def render(source: GenerationInput, out: Path) -> None:
    """Write ``structs.py`` and the package marker into ``out``."""
    header = "\n".join(f"# {line}" for line in banner_lines(source.version))
    ir = build_ir(source.version, source.bundle, source.files)
    (out / "structs.py").write_text(render_structs(ir, header), encoding="utf-8")
    # ruff (pinned in the lock) lays the file out as the repository's style does; same input, same bytes
    command = [sys.executable, "-m", "ruff", "format", "--isolated", "--line-length", "120", "--quiet", str(out)]
    subprocess.run(command, check=True)
    doc = '"""msgspec Structs generated from the wire schema; use them through ``wirechat.fast``."""'
    (out / "__init__.py").write_text(f"{header}\n{doc}\n", encoding="utf-8")


TARGET = Target(name="python-fast", output_dir="python/src/wirechat/_fast_generated", render=render)
