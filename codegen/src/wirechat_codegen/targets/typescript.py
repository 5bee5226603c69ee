"""The TypeScript target: types through json-schema-to-typescript, validators through ajv's standalone compiler.

Output folder ``typescript/src/generated/`` (wholly generated):

- ``types.ts``: one interface or type alias per ``$defs`` entry, plus ``WireTypes`` (type name -> type).
- ``validators.ts``: ajv's standalone validators, compiled here rather than when the package loads (the
  reasons and numbers are in ``docs/decisions/003-typescript-validation.md``), made importable as ESM.
- ``schema.ts``: the bundle itself and the list of type names, which the hand-written decoder reads.

Both tools are npm packages that ``typescript/package-lock.json`` pins; they run from
``typescript/node_modules`` through ``typescript_templates/run_node_tools.cjs``. The files are filled in
from the ``*.ts.tmpl`` templates beside it; the per-language data (tool options, type hints, comment style)
is the constants below.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from wirechat_codegen.targets import GenerationInput, Target, banner_lines
from wirechat_codegen.versions import package_version

PACKAGE_DIR = "typescript"
TEMPLATES = Path(__file__).with_name("typescript_templates")
FIX_COMMAND = "cd typescript && npm ci"
NODE_TOOLS = ("json-schema-to-typescript", "ajv")

COMMENT = "// "
WIRE_TYPES = "WireTypes"
WIRE_TYPES_DESCRIPTION = "Every wire type, by the name of its `$defs` entry in the bundled schema."

# Types json-schema-to-typescript cannot infer: a schema with no `type` would become an object type.
TS_TYPE_HINTS = {"JsonValue": "unknown"}

JSON2TS_OPTIONS: dict[str, Any] = {
    "bannerComment": "",
    "unknownAny": True,
    "additionalProperties": False,
    "ignoreMinAndMaxItems": True,  # `Message[]`, not `[Message, ...Message[]]`: minItems is checked at run time
    "strictIndexSignatures": False,
    "unreachableDefinitions": False,  # every definition is reachable from `WireTypes`
    "declareExternallyReferenced": True,
    "enableConstEnums": False,
    "format": True,
}

AJV_OPTIONS: dict[str, Any] = {
    "strict": True,
    "discriminator": True,
    "allErrors": True,  # report every problem, as the other languages do
    "inlineRefs": False,  # one function per $defs entry: a smaller module, the same speed
    "formats": {"uri": True},  # `format: uri` is an annotation: known to strict mode, never asserted
}

_EXPORT = re.compile(r"export const (\w+) = (validate\d+);")
_UCS2LENGTH = 'require("ajv/dist/runtime/ucs2length").default'

# ajv (allErrors) gathers a called validator's errors by copying: once per array item, so an array of n
# invalid items costs O(n^2) (100,000 bad parts took 49 s). The emitter appends them in place instead.
_CONCAT_ERRORS = re.compile(r"vErrors = vErrors === null \? (validate\d+)\.errors : vErrors\.concat\(\1\.errors\);")
_APPEND_ERRORS = r"vErrors = appendErrors(vErrors, \1.errors);"  # appendErrors: validators.ts.tmpl
# What must not remain: any copy of a growing array (concat, spread, slice) in the generated code.
_QUADRATIC = re.compile(r"\.concat\(|\[\.\.\.vErrors|vErrors\.slice\(|vErrors = vErrors\b")


class NodeToolsMissingError(RuntimeError):
    """node or the pinned npm tools are not installed; the message names the command that fixes it."""


def _locked_versions(package_dir: Path) -> dict[str, str]:
    lock = json.loads((package_dir / "package-lock.json").read_text(encoding="utf-8"))
    return {name: lock["packages"][f"node_modules/{name}"]["version"] for name in NODE_TOOLS}


def _check_tools(package_dir: Path) -> str:
    """Return the path of ``node``; raise ``NodeToolsMissingError`` unless the locked tools are installed."""
    node = shutil.which("node")
    if node is None:
        raise NodeToolsMissingError(f"the TypeScript target needs Node.js 20 or later on PATH, then: {FIX_COMMAND}")
    locked = _locked_versions(package_dir)
    for name, version in locked.items():
        manifest = package_dir / "node_modules" / name / "package.json"
        if not manifest.is_file():
            raise NodeToolsMissingError(
                f"the TypeScript target needs {name} {version} in {package_dir}/node_modules: {FIX_COMMAND}"
            )
        installed = json.loads(manifest.read_text(encoding="utf-8"))["version"]
        if installed != version:
            raise NodeToolsMissingError(
                f"{name} {installed} is installed but package-lock.json pins {version}: {FIX_COMMAND}"
            )
    return node


def _types_schema(bundle: dict[str, Any]) -> dict[str, Any]:
    """The copy json-schema-to-typescript reads: a `WireTypes` root, type hints, no `$ref` siblings."""
    result = copy.deepcopy(bundle)
    for name, hint in TS_TYPE_HINTS.items():
        result["$defs"][name]["tsType"] = hint

    def rewrite(node: Any) -> None:
        if isinstance(node, dict):
            if "$ref" in node and len(node) > 1:
                # A $ref with a sibling (a description) would become a numbered copy of the type
                # (ProviderMetadata1, ...); name the type instead and keep the description for the docs.
                node["tsType"] = node.pop("$ref").removeprefix("#/$defs/")
            for value in node.values():
                rewrite(value)
        elif isinstance(node, list):
            for value in node:
                rewrite(value)

    rewrite(result["$defs"])
    names = list(result["$defs"])
    result.update(
        title=WIRE_TYPES,
        description=WIRE_TYPES_DESCRIPTION,
        type="object",
        additionalProperties=False,
        properties={name: {"$ref": f"#/$defs/{name}"} for name in names},
        required=names,
    )
    return result


def _run_node_tools(node: str, package_dir: Path, bundle: dict[str, Any]) -> dict[str, Any]:
    request = {
        "typesSchema": _types_schema(bundle),
        "typesOptions": JSON2TS_OPTIONS,
        "ajvSchema": bundle,
        "ajvOptions": AJV_OPTIONS,
        "exports": {name: f"{bundle['$id']}#/$defs/{name}" for name in bundle["$defs"]},
    }
    with tempfile.TemporaryDirectory() as work:
        request_path = Path(work) / "request.json"
        request_path.write_text(json.dumps(request), encoding="utf-8")
        command = [node, str(TEMPLATES / "run_node_tools.cjs"), str(package_dir), str(request_path)]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"the TypeScript target's node tools failed ({result.returncode}):\n{result.stderr}")
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


def _linear_errors(code: str) -> str:
    """Append called validators' errors in place; fail if any copy of the error array is left."""
    code = _CONCAT_ERRORS.sub(_APPEND_ERRORS, code)
    leftover = _QUADRATIC.search(code)
    if leftover is not None:
        context = code[max(0, leftover.start() - 80) : leftover.end() + 80]
        raise RuntimeError(
            "ajv's standalone output copies its error array in a way the TypeScript target does not rewrite "
            f"(quadratic in the number of invalid items); extend _CONCAT_ERRORS for:\n{context}"
        )
    return code


def _esm_validators(code: str, names: list[str]) -> tuple[str, str]:
    """Make ajv's standalone module importable as ESM; return (code, the entries of the validator map)."""
    code = code.removeprefix('"use strict";').replace(_UCS2LENGTH, "ucs2length")
    code = _linear_errors(code)
    if re.search(r"\brequire\(", code):
        raise RuntimeError("ajv's standalone output requires a runtime helper the TypeScript target does not inline")
    exported = dict(_EXPORT.findall(code))
    if sorted(exported) != sorted(names):
        raise RuntimeError("ajv's standalone output does not export one validator per type")
    code = _EXPORT.sub("", code)
    entries = "\n".join(f"  {name}: {exported[name]}," for name in names)
    return "\n".join(line.rstrip() for line in code.strip().splitlines() if line.strip()), entries


def _fill(template: str, **values: str) -> str:
    text = (TEMPLATES / template).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    if "{{" in text:
        raise RuntimeError(f"{template}: a placeholder was left unfilled")
    return text.rstrip("\n") + "\n"


def render(source: GenerationInput, out: Path) -> None:
    """Write ``types.ts``, ``validators.ts``, ``schema.ts`` and ``version.ts`` into ``out``."""
    package_dir = source.repo_root / PACKAGE_DIR
    node = _check_tools(package_dir)
    bundle = source.bundle
    names = list(bundle["$defs"])
    answer = _run_node_tools(node, package_dir, bundle)
    versions = answer["versions"]
    banner = "\n".join(COMMENT + line for line in banner_lines(source.version))

    (out / "types.ts").write_text(
        _fill(
            "types.ts.tmpl",
            banner=banner,
            json2ts_version=versions["json-schema-to-typescript"],
            code=answer["types"].strip(),
        ),
        encoding="utf-8",
    )
    code, entries = _esm_validators(answer["validators"], names)
    options = json.dumps({**AJV_OPTIONS, "code": {"esm": True}}, separators=(", ", ": "))
    (out / "validators.ts").write_text(
        _fill(
            "validators.ts.tmpl",
            banner=banner,
            ajv_version=versions["ajv"],
            ajv_options=options,
            code=code,
            validator_map=entries,
        ),
        encoding="utf-8",
    )
    (out / "schema.ts").write_text(
        _fill(
            "schema.ts.tmpl",
            banner=banner,
            type_names=json.dumps(names, indent=2, ensure_ascii=False).replace("\n", "\n"),
            schema=json.dumps(bundle, indent=2, ensure_ascii=False),
        ),
        encoding="utf-8",
    )
    version = _package_json_version(package_dir, package_version(source.repo_root))
    (out / "version.ts").write_text(
        f"{banner}\n\n/** The release version of wirechat (the repository's VERSION file). */\n"
        f'export const VERSION = "{version}";\n',
        encoding="utf-8",
    )


def _package_json_version(package_dir: Path, version: str) -> str:
    """``version``, once ``package.json`` says the same (npm reads its own file, so it cannot be generated)."""
    declared = json.loads((package_dir / "package.json").read_text(encoding="utf-8")).get("version")
    if declared != version:
        raise RuntimeError(f"{package_dir}/package.json has version {declared!r}; VERSION says {version!r}: set it")
    return version


TARGET = Target(name="typescript", output_dir=f"{PACKAGE_DIR}/src/generated", render=render)
