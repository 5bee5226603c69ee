"""``wirechat schema diff OLD NEW`` and ``wirechat schema snapshot``: the commands that keep v1 additive.

``snapshot`` copies the schema files of the packaged version into ``schema/released/<release>/`` (the frozen
v1.0 the repository promises to stay compatible with); run it again only to refresh the snapshot before the
release is cut. ``diff`` compares two schema folders (``diff.py``) and exits 0 when every change is
compatible (or tolerant, spec section 12), 1 when any is breaking, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

from wirechat.cli import UsageError
from wirechat_codegen.checkout import repo_root
from wirechat_codegen.diff import diff_dirs
from wirechat_codegen.ir import IRError
from wirechat_codegen.schema_files import SCHEMA_SUFFIX, SchemaLoadError, load_schema_dir
from wirechat_codegen.versions import PACKAGED_VERSION, schema_dir

__all__ = ["RELEASED", "SNAPSHOT_COMMAND", "add_diff_parser", "add_snapshot_parser", "released_dir", "snapshot"]

RELEASED = PACKAGED_VERSION + ".0"
"""The release the snapshot freezes: the packaged major version as first released."""
SNAPSHOT_COMMAND = "wirechat schema snapshot"


def released_dir(repo_root: Path, release: str = RELEASED) -> Path:
    """``schema/released/<release>``: where the frozen copy of a released schema lives."""
    return repo_root / "schema" / "released" / release


def add_diff_parser(schema_commands: Any) -> None:
    diff = schema_commands.add_parser(
        "diff",
        help="classify every change between two schema folders as compatible or breaking",
        description="Compare the schema folders OLD and NEW type by type and member by member. Each change gets a "
        "verdict for readers (does a NEW reader accept OLD documents?) and for writers (does an OLD reader accept "
        "NEW documents? 'tolerant': only in tolerant mode, spec section 12). Exit 0 when nothing is breaking, "
        "1 when something is, 2 on a usage error.",
        epilog="example:\n  wirechat schema diff schema/released/v1.0 schema/v1",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    diff.add_argument("old", type=Path, metavar="OLD", help="the older schema folder (e.g. schema/released/v1.0)")
    diff.add_argument("new", type=Path, metavar="NEW", help="the newer schema folder (e.g. schema/v1)")
    diff.add_argument("--json", action="store_true", help="print one JSON document instead of lines")
    diff.set_defaults(run=run_diff)


def add_snapshot_parser(schema_commands: Any) -> None:
    snap = schema_commands.add_parser(
        "snapshot",
        help=f"freeze schema/{PACKAGED_VERSION} as schema/released/{RELEASED}",
        description=f"Copy schema/{PACKAGED_VERSION}/*{SCHEMA_SUFFIX} into schema/released/RELEASE/ (replacing "
        "what is there). Run it to refresh the snapshot until the release is cut; after that the snapshot is "
        "never changed and `wirechat schema diff` holds the schema to it.",
    )
    snap.add_argument("--root", type=Path, help="the repository root (default: found from the current directory)")
    snap.add_argument("--release", default=RELEASED, help=f"the release name (default {RELEASED})")
    snap.set_defaults(run=run_snapshot)


def _folder(path: Path, role: str) -> None:
    if not path.is_dir():
        raise UsageError(f"{role} {path}: not a folder of *{SCHEMA_SUFFIX} files")


def run_diff(args: argparse.Namespace) -> int:
    _folder(args.old, "OLD")
    _folder(args.new, "NEW")
    try:
        changes = diff_dirs(args.old, args.new)
    except (SchemaLoadError, IRError, KeyError) as exc:
        raise UsageError(f"cannot read the schema: {exc}") from None
    breaking = [c for c in changes if c.breaking]
    if args.json:
        report = {
            "old": str(args.old),
            "new": str(args.new),
            "breaking": bool(breaking),
            "changes": [c.as_json() for c in changes],
        }
        print(json.dumps(report, indent=2))
    else:
        for change in changes:
            print(change)
        if not changes:
            print(f"no changes from {args.old} to {args.new}")
        else:
            verdict = f"{len(breaking)} breaking" if breaking else "none breaking"
            print(f"{len(changes)} change(s), {verdict}")
    return 1 if breaking else 0


def snapshot(repo_root: Path, release: str = RELEASED) -> Path:
    """Make ``schema/released/<release>`` an exact copy of the packaged version's schema files."""
    source = schema_dir(repo_root, PACKAGED_VERSION)
    files = load_schema_dir(source)  # refuse to freeze a folder that does not even parse
    target = released_dir(repo_root, release)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for schema_file in files:
        shutil.copyfile(schema_file.path, target / schema_file.name)
    return target


def run_snapshot(args: argparse.Namespace) -> int:
    if not args.release or "/" in args.release or args.release.startswith("."):
        raise UsageError(f"--release {args.release!r}: give a plain name such as {RELEASED}")
    try:
        target = snapshot(repo_root(args.root), args.release)
    except SchemaLoadError as exc:
        raise UsageError(str(exc)) from None
    print(f"wrote {target}")
    return 0
