"""The Go aliases target: the re-export list of the public package ``go/wirechat`` (decision 028).

The wire types are generated into the internal package ``go/internal/wire`` (the ``go`` target); the
public package re-exports each under its schema name, with every enum constant, so that
``github.com/wirechat/wirechat/go/wirechat`` is the one import. This target writes that list,
``go/wirechat/types_gen.go``, from the schema's IR: it owns that one file in a hand-written folder
(``Target.owns``). Types are grouped by the schema file that defines them, in the IR's order.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from wirechat_codegen.ir import EnumType, ObjectType, SchemaIR, TypeDef, build_ir
from wirechat_codegen.targets import GenerationInput, Target, banner_lines
from wirechat_codegen.targets.go_code import Context, go_name

OUTPUT_DIR = "go/wirechat"
FILE = "types_gen.go"
WIRE = "github.com/wirechat/wirechat/go/internal/wire"


def _field_list(ir: SchemaIR, definition: TypeDef) -> str:
    """An alias's doc comment listing its struct's fields: ``go doc`` prints an alias's own comment and not the
    fields of the type it names, so without this a user sees ``type ChatRequest = wire.ChatRequest`` alone."""
    if not isinstance(definition, ObjectType) or not definition.members:
        return ""
    ctx = Context(ir, {})
    # a union tag (member.tag) has no field: the variant's Go type is the tag
    fields = [(go_name(m.name), ctx.field_type(m)) for m in definition.members if m.tag is None]
    if not fields:
        return ""
    width = max(len(name) for name, _ in fields) + 1
    rows = "".join(f"\t//\t{name.ljust(width)}{kind}\n" for name, kind in fields)
    name = definition.name
    return f"\t// {name} has the fields below; each one's text: go doc {WIRE} {name}\n\t//\n{rows}"


def render_aliases(source: GenerationInput) -> str:
    ir = build_ir(source.version, source.bundle, source.files)
    blocks = []
    for file_name in ir.sources():
        in_file = [t for t in ir.types if t.source == file_name]
        if not in_file:
            continue
        lines = "".join(f"{_field_list(ir, t)}\t{t.name} = wire.{t.name}\n" for t in in_file)
        blocks.append(f"// From schema/{source.version}/{file_name}.\ntype (\n{lines})\n")
        for enum in (t for t in in_file if isinstance(t, EnumType)):
            names = [enum.name + go_name(value) for value in enum.values]
            constants = "".join(f"\t{name} = wire.{name}\n" for name in names)
            blocks.append(f"// The values of {enum.name}.\nconst (\n{constants})\n")
    banner = "\n".join(f"// {line}" for line in banner_lines(source.version))
    return (
        f"{banner}\n\npackage wirechat\n\n"
        "// The wire types, generated from the schema into the internal package wire and re-exported here under\n"
        "// their schema names, so that github.com/wirechat/wirechat/go/wirechat is the one import. The aliases\n"
        "// are the same types: their fields, Validate, MarshalJSON and UnmarshalJSON come with them.\n\n"
        f'import "{WIRE}"\n\n' + "\n".join(blocks) + "\n"
        "// TypeNames lists the schema name of every wire type, sorted.\n"
        "var TypeNames = wire.TypeNames\n"
    )


def render(source: GenerationInput, out: Path) -> None:
    """Write ``types_gen.go`` into ``out``, laid out by gofmt."""
    (out / FILE).write_text(render_aliases(source), encoding="utf-8")
    gofmt = shutil.which("gofmt")
    if gofmt is None:
        raise RuntimeError("the Go aliases target needs gofmt on PATH (the Go toolchain)")
    subprocess.run([gofmt, "-w", str(out / FILE)], check=True)


TARGET = Target(name="go-aliases", output_dir=OUTPUT_DIR, render=render, owns=FILE)
