"""The testees: one long-lived process per language, spoken to with the line protocol.

``Testee.call_many`` pipelines requests: a writer thread feeds every request line to the process while
the caller reads the answers, so a batch costs one round trip rather than one per request. A testee
that dies or answers out of order is restarted, and the requests it did not answer get an ``error``.
How each language's testee is built and started is in ``TESTEE_COMMANDS`` (``command_for``).

Python has two testees, one per engine: ``python`` (``wirechat.decode``, the pydantic models) and
``python-fast`` (``wirechat.fast``, msgspec Structs), the same program started with ``--engine checked``
or ``--engine fast``. Each is judged on its own, like the other languages, so the two engines agree by both
matching every case and the other languages (docs/decisions/025-testee-speed-and-bench-report.md).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from wirechat_conformance.paths import Layout

__all__ = ["ALL_LANGUAGES", "INSTALLED_LANGUAGES", "LANGUAGES", "Testee", "TesteeError", "command_for", "testee_name"]

LANGUAGES = ("python", "python-fast", "typescript", "go", "rust")
"""The languages with a built-in testee, run by default from a checkout (``rust`` since it passes the whole
corpus, tool-loop vectors included: decision 037, third part)."""
ALL_LANGUAGES = LANGUAGES
"""Every built-in testee (``--lang`` takes one of these); today the same as the default."""
INSTALLED_LANGUAGES = ("python", "python-fast")
"""Those run by default from an installation without the checkout (the others' testees are built from it)."""
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


def testee_name(name: str) -> str:
    """A testee's name as ``--testee NAME=COMMAND`` gives it: a built-in language's, which the command
    replaces, or a new one (a team's own implementation), which joins the run."""
    if not _NAME.fullmatch(name):
        raise ValueError(f"a testee name is lower-case letters, digits, '-' or '_' (32 at most), not {name!r}")
    return name


class TesteeError(RuntimeError):
    """A testee that cannot be built or started, or that does not answer ``hello``."""


def _newer_than(target: Path, sources: Sequence[Path]) -> bool:
    if not target.exists():
        return False
    built = target.stat().st_mtime
    return all(path.stat().st_mtime <= built for path in sources)


def _run(command: list[str], cwd: Path, what: str) -> None:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise TesteeError(f"{what} failed ({' '.join(command)}):\n{result.stdout}{result.stderr}")


@contextlib.contextmanager
def _build_lock(folder: Path) -> Iterator[None]:
    """One build of a testee at a time across processes (pytest-xdist workers start testees together): the
    second waits for the first's output instead of reading half-written files."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / ".build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _python(layout: Layout) -> list[str]:
    return [sys.executable, str(layout.testees / "python" / "testee.py"), "--engine", "checked"]


def _python_fast(layout: Layout) -> list[str]:
    return [sys.executable, str(layout.testees / "python" / "testee.py"), "--engine", "fast"]


def _typescript(layout: Layout) -> list[str]:
    package = layout.typescript_package
    node = shutil.which("node")
    tsc = package / "node_modules" / ".bin" / "tsc"
    if node is None:
        raise TesteeError("the TypeScript testee needs Node.js 20+ (node is not on PATH)")
    if not tsc.exists():
        raise TesteeError("the TypeScript testee needs typescript/'s tools: run npm ci --prefix typescript")
    folder = layout.testees / "typescript"
    built = folder / "build" / "testee.js"
    with _build_lock(folder / "build"):
        sources = sorted((package / "src").rglob("*.ts"))
        if not _newer_than(package / "dist" / "index.js", sources):
            _run(["npm", "run", "build", "--silent"], package, "building the TypeScript package (npm run build)")
        if not _newer_than(built, [*sorted((folder / "src").glob("*.ts")), package / "dist" / "index.d.ts"]):
            _run([str(tsc), "-p", str(folder / "tsconfig.json")], folder, "compiling the TypeScript testee")
    return [node, str(built)]


def _go(layout: Layout) -> list[str]:
    go = shutil.which("go")
    if go is None:
        raise TesteeError("the Go testee needs Go 1.26+ (go is not on PATH)")
    folder = layout.testees / "go"
    binary = folder / "build" / "testee"
    with _build_lock(folder / "build"):
        _run([go, "build", "-o", str(binary), "."], folder, "building the Go testee (go build)")  # cached: fast
    return [str(binary)]


def _rust(layout: Layout) -> list[str]:
    cargo = shutil.which("cargo")
    if cargo is None:
        raise TesteeError("the Rust testee needs a Rust toolchain (cargo is not on PATH)")
    folder = layout.testees / "rust"
    build = folder / "build"
    with _build_lock(build):  # cargo's own checks make a build with nothing changed fast
        # a debug build: 35 s of CPU against 100 s for --release, and the corpus runs in 21 s against 13
        # (decision 037, third part); overflow checks on, as a testee should have them
        command = [cargo, "build", "--quiet", "--locked", "--target-dir", str(build)]
        _run(command, folder, "building the Rust testee (cargo build)")
    return [str(build / "debug" / "wirechat-testee")]


TESTEE_COMMANDS = {
    "python": _python,
    "python-fast": _python_fast,
    "typescript": _typescript,
    "go": _go,
    "rust": _rust,
}


def command_for(language: str, layout: Layout, overrides: dict[str, list[str]] | None = None) -> list[str]:
    """The command that starts ``language``'s testee (built first when needed), or the override given."""
    if overrides and language in overrides:
        return overrides[language]
    if language not in TESTEE_COMMANDS:
        raise TesteeError(f"no built-in testee named {language!r}: pass --testee {language}=COMMAND")
    return TESTEE_COMMANDS[language](layout)


class Testee:
    """A running testee process for one language."""

    __test__ = False  # not a pytest test class, whatever its name

    def __init__(self, language: str, command: list[str], cwd: Path, timeout: float = 60.0) -> None:
        self.language = language
        self.timeout = timeout
        self.command = command
        self.cwd = cwd
        self.requests = 0
        self._next_id = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: list[bytes] = []

    def start(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        try:
            self._process = subprocess.Popen(
                self.command,
                cwd=self.cwd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                bufsize=1 << 20,
            )
        except OSError as exc:
            raise TesteeError(f"cannot start the {self.language} testee ({' '.join(self.command)}): {exc}") from None
        process = self._process
        assert process.stderr is not None
        threading.Thread(target=self._drain, args=(process.stderr,), daemon=True).start()
        hello = self.call_many([{"op": "hello"}])[0]
        if hello.get("ok") is not True or hello.get("protocol") != 1:
            raise TesteeError(f"the {self.language} testee did not answer hello: {hello}; stderr: {self.stderr_tail()}")

    def _drain(self, stream: IO[bytes]) -> None:
        for line in stream:
            self._stderr.append(line)
            del self._stderr[:-20]

    def stderr_tail(self) -> str:
        return b"".join(self._stderr).decode("utf-8", "replace").strip()

    def close(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        try:
            assert process.stdin is not None
            process.stdin.close()
            process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()

    def __enter__(self) -> Testee:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.call_many([request])[0]

    @property
    def pid(self) -> int | None:
        """The process id of the running testee (None when it is not running)."""
        return None if self._process is None else self._process.pid

    def call_many(self, requests: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Send every request, pipelined; the answers in the same order (an ``error`` answer when lost)."""
        return self.exchange(*self.encode(requests))

    def encode(self, requests: Sequence[dict[str, Any]]) -> tuple[int, list[bytes]]:
        """The request lines, numbered from the returned first id (for ``exchange``; encoding a megabyte
        document takes time of its own, which a timed exchange leaves out)."""
        first = self._next_id
        self._next_id += len(requests)
        lines = [
            json.dumps({**request, "id": first + i}, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
            for i, request in enumerate(requests)
        ]
        return first, lines

    def exchange(self, first: int, lines: Sequence[bytes]) -> list[dict[str, Any]]:
        """Send lines made by ``encode``, pipelined; their answers in the same order."""
        if self._process is None:
            self.start()
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        self.requests += len(lines)
        stdin = process.stdin

        def write() -> None:
            try:
                for start in range(0, len(lines), 256):
                    stdin.write(b"".join(lines[start : start + 256]))
                stdin.flush()
            except (BrokenPipeError, OSError):
                pass

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        watchdog = threading.Timer(self.timeout + 0.01 * len(lines), process.kill)  # a hung testee
        watchdog.daemon = True
        watchdog.start()
        answers: list[dict[str, Any]] = []
        for i in range(len(lines)):
            line = process.stdout.readline()
            if not line:
                break
            try:
                answer = json.loads(line)
            except ValueError:
                answer = {"id": first + i, "error": f"the testee wrote a line that is not JSON: {line[:200]!r}"}
            if answer.get("id") != first + i:
                answers.append({"error": f"answer out of order (id {answer.get('id')}, expected {first + i})"})
                break
            answers.append(answer)
        watchdog.cancel()
        writer.join()
        if len(answers) < len(lines):
            reason = (
                f"the {self.language} testee stopped answering (exit {process.poll()}): {self.stderr_tail()[-500:]}"
            )
            self.close()
            answers += [{"error": reason} for _ in range(len(lines) - len(answers))]
        return answers
