"""Run the README's install steps as written: every ``sh`` block of its "## Install" section, each in a fresh
empty folder, with ``WIRECHAT`` naming the checkout (the README says to set it) and ``UV_CONSTRAINT`` holding
dependencies to the lock. ``./dev install-check`` runs it; it prints each block's time and, when a block
fails, the README line where the block starts.

    python tests/release/install_steps.py [--list] [--only WORD]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
SECTION = "## Install\n"


@dataclass(frozen=True)
class Block:
    """One ``sh`` block of the install section: the README line its code starts on, and the code."""

    line: int
    code: str

    @property
    def title(self) -> str:
        return self.code.splitlines()[0][:90]


def install_blocks(readme: str) -> list[Block]:
    """The ``sh`` blocks of the README's install section, in order; ValueError when there is no section."""
    start = readme.find(SECTION)
    if start < 0:
        raise ValueError(f"{README.name} has no {SECTION.strip()!r} section")
    end = readme.find("\n## ", start + len(SECTION))
    section = readme[start : end if end >= 0 else len(readme)]
    blocks = []
    for match in re.finditer(r"^```sh\n(.*?)^```$", section, re.S | re.M):
        line = readme.count("\n", 0, start + match.start(1)) + 1
        blocks.append(Block(line, match.group(1)))
    return blocks


def run_block(block: Block, root: Path) -> float:
    """Run one block with ``bash -euo pipefail`` in a fresh folder; returns seconds, raises on failure."""
    environment = {**os.environ, "WIRECHAT": str(root), "UV_CONSTRAINT": str(root / "requirements" / "dev.txt")}
    environment.pop("VIRTUAL_ENV", None)  # a nox session's own environment must not leak into the blocks
    with tempfile.TemporaryDirectory(prefix="wirechat-install-") as folder:
        began = time.perf_counter()
        subprocess.run(["bash", "-euo", "pipefail", "-c", block.code], cwd=folder, env=environment, check=True)
        return time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="print the blocks and exit")
    parser.add_argument("--only", metavar="WORD", help="run only the blocks whose code contains WORD")
    args = parser.parse_args(argv)
    blocks = install_blocks(README.read_text(encoding="utf-8"))
    if args.only:
        blocks = [block for block in blocks if args.only in block.code]
    if args.list:
        for block in blocks:
            print(f"README.md:{block.line}\n{block.code}")
        return 0
    times = []
    for block in blocks:
        print(f"== README.md:{block.line}: {block.title}", flush=True)
        try:
            seconds = run_block(block, ROOT)
        except subprocess.CalledProcessError as exc:
            print(f"FAILED: the install block at README.md:{block.line} exited {exc.returncode}", file=sys.stderr)
            return 1
        times.append((block, seconds))
    for block, seconds in times:
        print(f"{seconds:6.1f} s  README.md:{block.line}: {block.title}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
