"""The Python target: pydantic v2 models through datamodel-code-generator, plus the bundled schema.

Output folder ``python/src/wirechat/_generated/``: ``models.py`` (the models), ``wirechat.schema.json``
(the bundle, read at run time to turn validation errors into JSON pointers) and ``__init__.py``.

Free-form JSON (``JsonValue``, ``JsonObject``) is mapped to hand-written types in ``wirechat._ijson``
through datamodel-codegen's ``customTypePath``, added to a private copy of the bundle only: those types
check the I-JSON number rules inside values no schema keyword can reach.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from wirechat_codegen.targets import GenerationInput, Target, banner_lines
from wirechat_codegen.versions import package_version

FREE_FORM_TYPES = {"JsonValue": "wirechat._ijson.JsonValue", "JsonObject": "wirechat._ijson.JsonObject"}
BEHAVIOUR_BASES = {"ChatResponse": "wirechat._behaviour.ChatResponseBehaviour"}
"""Models that inherit hand-written read-only behaviour (``response.text``) through datamodel-codegen's
``customBasePath``; the base derives from ``WireModel``."""

DATAMODEL_CODEGEN_FLAGS = [
    "--input-file-type", "jsonschema",
    "--output-model-type", "pydantic_v2.BaseModel",
    "--base-class", "wirechat._model.WireModel",  # construction errors become WireError
    "--target-python-version", "3.10",
    "--target-pydantic-version", "2.14",
    "--use-annotated", "--field-constraints", "--use-union-operator", "--use-standard-collections",
    "--use-title-as-name", "--use-type-alias-type", "--use-one-literal-as-default",
    "--enum-field-as-literal", "all",
    "--strict-types", "str", "int", "float", "bool",
    "--strict-nullable", "--use-missing-sentinel",
    "--type-mappings", "string+uri=string",
    "--no-allow-remote-refs", "--skip-root-model",
    "--disable-timestamp", "--use-double-quotes", "--formatters", "builtin",
]  # fmt: skip


def _with_custom_types(bundle: dict[str, Any]) -> dict[str, Any]:
    """Replace every reference to a free-form type by its hand-written Python type, and give the
    ``BEHAVIOUR_BASES`` models their hand-written base."""
    result = copy.deepcopy(bundle)
    for name in FREE_FORM_TYPES:
        result["$defs"].pop(name)

    def rewrite(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            name = ref.removeprefix("#/$defs/")
            if name in FREE_FORM_TYPES:
                del node["$ref"]
                node["customTypePath"] = FREE_FORM_TYPES[name]
            for value in node.values():
                rewrite(value)
        elif isinstance(node, list):
            for value in node:
                rewrite(value)

    rewrite(result)
    for name, base in BEHAVIOUR_BASES.items():
        result["$defs"][name]["customBasePath"] = base
    return result


def _run_datamodel_codegen(bundle: dict[str, Any], output: Path, header: str) -> None:
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "wirechat.schema.json"
        source.write_text(json.dumps(bundle, indent=2), encoding="utf-8")
        command = [
            sys.executable, "-m", "datamodel_code_generator",
            "--input", str(source), "--output", str(output),
            "--custom-file-header", header, *DATAMODEL_CODEGEN_FLAGS,
        ]  # fmt: skip
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"datamodel-codegen failed ({result.returncode}):\n{result.stderr}")


def render(source: GenerationInput, out: Path) -> None:
    """Write the Python models, the bundle and the package marker into ``out``."""
    header = "\n".join(f"# {line}" for line in banner_lines(source.version))
    _run_datamodel_codegen(_with_custom_types(source.bundle), out / "models.py", header)
    bundle = {"$comment": banner_lines(source.version)[0], **source.bundle}
    (out / "wirechat.schema.json").write_text(json.dumps(bundle, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    names = sorted(source.bundle["$defs"])
    imports = "".join(f"    {name},\n" for name in names)
    exports = "".join(f'    "{name}",\n' for name in names)
    (out / "__init__.py").write_text(
        f'{header}\n"""Models generated from the wire schema; import them from ``wirechat``."""\n\n'
        f"from wirechat._generated.models import (\n{imports})\n\n__all__ = [\n{exports}]\n",
        encoding="utf-8",
    )
    version = package_version(source.repo_root)
    docstring = '"""The release version of wirechat (the repository\'s VERSION file)."""'
    (out / "version.py").write_text(f'{header}\n{docstring}\n\n__version__ = "{version}"\n', encoding="utf-8")


TARGET = Target(name="python", output_dir="python/src/wirechat/_generated", render=render)
