"""The one entry point for checks: CI runs these same sessions (``./dev SESSION`` or ``nox -s SESSION``).

Sessions: ``lint``, ``typecheck``, ``tests`` (all languages), ``pytest``, ``typescript``, ``go``,
``conformance``, ``adapter-gate`` (from the checkout), ``wheel-gate`` (from the built wheel, in a fresh venv),
``install-check`` (the README's install steps), ``codegen`` (regenerate), ``codegen-check`` (drift, all languages),
``bench``, and ``gate``, which runs every check in one environment. ``./dev gate -- --skip tests`` runs
the gate without a check that already ran (CI runs ``tests`` on its own first, as the README does).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv"
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True
nox.options.sessions = ["gate"]

PYTHON_PATHS = ["python/src", "codegen/src", "conformance", "tests", "bench", "examples", "noxfile.py"]


def install(session: nox.Session) -> None:
    """The locked development dependencies, then the local packages on top (editable, no deps), then the
    native scanner's wheel (built once per state of native/, see ``install_native``)."""
    session.install("-r", "requirements/dev.txt")
    session.install("--no-deps", "-e", "python", "-e", "codegen", "-e", "conformance")
    install_native(session)


NATIVE = Path("native")
RUST = Path("rust")


def install_native(session: nox.Session) -> None:
    """``wirechat_native`` (Rust, PyO3) for ``wirechat.fast``: on the first run for a state of native/'s
    sources and the Rust crate's (native/ is a binding of the scanner in rust/src/ijson/, decision 037),
    ``maturin build --release --locked`` (cargo fetches the locked crates from crates.io;
    ``rust_toolchain`` installs Rust first where cargo is missing); the wheel is kept in .cache/native/HASH/
    and later sessions install it from there. native/'s own Rust tests run in ``run_rust_lint`` (the
    scanner's are the crate's, in ``run_rust``; tests/native holds the built wheel to its behaviour)."""
    sources = sorted(
        path
        for folder in (NATIVE, RUST)
        for path in folder.rglob("*")
        if path.is_file() and not {"target", "build"} & set(path.relative_to(folder).parts)
    )
    digest = hashlib.sha256()
    for path in sources:
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    where = Path(".cache") / "native" / digest.hexdigest()[:16]
    wheels = sorted(where.glob("wirechat_native-*.whl"))
    if not wheels:
        _, env = rust_toolchain(session)
        session.run("maturin", "build", "--release", "--locked", "--quiet", "-m", str(NATIVE / "Cargo.toml"),
                    "--out", str(where), env=env)  # fmt: skip
        wheels = sorted(where.glob("wirechat_native-*.whl"))
    session.install("--no-deps", "--reinstall", str(wheels[-1]))
    session.env["WIRECHAT_NATIVE_REQUIRED"] = "1"  # the tests fail, rather than skip, without it


def rust_toolchain(session: nox.Session) -> tuple[str, dict[str, str]]:
    """cargo, and the environment to run it (and maturin) in: cargo from PATH when it is there; otherwise
    Rust installed once into .cache/rust by puccinialin (rustup from static.rust-lang.org, about 10 s and
    630 MB; puccinialin is pinned in the lock), so that a fresh machine without Rust builds it too."""
    if shutil.which("cargo") is not None:
        return "cargo", {}
    home = Path(".cache") / "rust"
    cargo = home / "cargo" / "bin" / "cargo"
    if not cargo.exists():
        session.log("cargo is not on PATH: installing Rust into .cache/rust (puccinialin, rustup)")
        session.run("python", "-c", f"import puccinialin; puccinialin.setup_rust({str(home)!r})")
    path = f"{cargo.parent.resolve()}{os.pathsep}{os.environ.get('PATH', '')}"
    env = {"CARGO_HOME": str((home / "cargo").resolve()), "RUSTUP_HOME": str((home / "rustup").resolve()), "PATH": path}
    return os.path.abspath(cargo), env  # not resolve(): cargo is a link to rustup, which reads its name


def run_lint(session: nox.Session) -> None:
    """ruff (rules and formatting), the import-linter contracts that keep the package's layers, and clippy on
    the Rust crate."""
    session.run("ruff", "check", *PYTHON_PATHS)
    session.run("ruff", "format", "--check", *PYTHON_PATHS)
    session.run("lint-imports", "--no-cache")
    run_rust_lint(session)


def run_typecheck(session: nox.Session) -> None:
    session.run(
        "mypy", "python/src/wirechat", "codegen/src/wirechat_codegen", "conformance/runner/wirechat_conformance"
    )


PARALLEL = ["-n", "auto", "--dist", "worksteal"]  # pytest-xdist: one worker per core


_MCP_SERVERS_INSTALLED: list[bool] = []  # once per nox run: `tests` runs the Python, TypeScript and Go tests in turn


def install_mcp_test_servers(session: nox.Session) -> None:
    """The MCP client tests of every language start the reference server @modelcontextprotocol/server-everything
    (pinned by tests/mcp/npm's lock); under CI they fail rather than skip without it."""
    if _MCP_SERVERS_INSTALLED:
        return
    session.run("npm", "ci", "--prefix", "tests/mcp/npm", "--no-audit", "--no-fund", "--silent", external=True)
    _MCP_SERVERS_INSTALLED.append(True)


def run_python_tests(session: nox.Session, pytest_args: Sequence[str] = ()) -> None:
    install_mcp_test_servers(session)
    # one worker per core (pytest-xdist; worksteal evens out the few long tests); `-- -n 0` runs in one process
    workers = [] if any(a.startswith(("-n", "--numprocesses")) for a in pytest_args) else PARALLEL
    _, rust_env = rust_toolchain(session)  # tests/conformance builds the Rust testee with cargo
    session.run("pytest", "tests", *workers, *pytest_args, env={"HYPOTHESIS_PROFILE": "ci", **rust_env})


def install_node_tools(session: nox.Session) -> None:
    """The TypeScript target runs json-schema-to-typescript and ajv from typescript/node_modules."""
    session.run("npm", "ci", "--prefix", "typescript", "--no-audit", "--no-fund", "--silent", external=True)


def run_codegen_check(session: nox.Session) -> None:
    install_node_tools(session)
    session.run("wirechat", "schema", "lint")
    session.run("wirechat", "codegen", "fmt", "--check")  # adapters/ in its one layout (decision 028)
    session.run("wirechat", "codegen", "--check")  # also validates and checks adapters/


def run_schema_freeze(session: nox.Session) -> None:
    """Hold schema/v1 to the frozen release (schema/released/v1.0): exit 1 on any breaking change (spec 12)."""
    session.run("wirechat", "schema", "diff", "schema/released/v1.0", "schema/v1")


def run_typescript(session: nox.Session) -> None:
    """The npm package: tsc --strict and node --test, the published build, and the packed tarball
    installed into a fresh consumer project that must compile against it."""
    install_node_tools(session)
    install_mcp_test_servers(session)
    # the client tests start the Python fake provider (wirechat serve-fake): the session's own, so CI never skips them
    env = {"WIRECHAT_BIN": str(Path(session.bin) / "wirechat")}
    for script in ("test", "pack-check"):  # pack-check builds the package (prepack)
        session.run("npm", "run", script, "--prefix", "typescript", "--silent", external=True, env=env)


def run_go(session: nox.Session) -> None:
    """The Go module: gofmt (any listed file fails), go vet, go test, and a short fuzz run of Decode. The Go
    client's tests run against ``wirechat serve-fake`` from this session's environment (WIRECHAT_BIN)."""
    wirechat_bin = shutil.which("wirechat", path=session.bin)
    if wirechat_bin is None:
        session.error("the Go client tests need the wirechat executable (serve-fake) in this session")

    def go(*args: str, **kwargs: object) -> object:
        env = {"WIRECHAT_BIN": wirechat_bin}
        return session.run("go", *args, external=True, env=env, **kwargs)  # type: ignore[arg-type]

    install_mcp_test_servers(session)  # the go/mcp tests start server-everything with node
    with session.chdir("go"):
        go("mod", "download")
        go("mod", "verify")
        unformatted = session.run("gofmt", "-l", ".", external=True, silent=True)
        if isinstance(unformatted, str) and unformatted.strip():
            session.error(f"gofmt would change these files (run gofmt -w go/):\n{unformatted}")
        go("vet", "./...")
        go("test", "./...")
        go("test", "-run", "^$", "-fuzz", "FuzzDecode", "-fuzztime", "10s", "./wirechat/")


def run_conformance(session: nox.Session, arguments: Sequence[str] = ()) -> None:
    """Every case through every language's testee, plus property rounds (fixed seed), and the resource
    suite's small profile (``./dev resource -- --profile large`` on demand), then the recorded traffic's
    replay gate; reports in reports/conformance/ (the HTML report's verdict covers all three). The Rust
    testee is built with cargo (``rust_toolchain``, a debug build); after ``tests`` it is already there."""
    install_node_tools(session)
    _, rust_env = rust_toolchain(session)
    # the cases, then hostile inputs at n, 2n and 4n through every testee (CPU-time growth fitted, bounded
    # memory, the same problems, spec 5): one verdict, one set of reports
    report = ["--report-dir", "reports/conformance", "--resource", "small"]
    session.run("wirechat", "conformance", *report, *arguments, env=rust_env)
    # real provider traffic (conformance/recorded) replayed through the Python adapters (issue 23); its
    # verdict joins the HTML report's
    session.run("wirechat", "conformance", "--recorded", "--json", "reports/conformance/recorded.json")


ADAPTERS = ("openai-chat", "anthropic", "openai-responses", "openai-compatible", "querymt", "go-model", "gemini")


def run_adapter_gate(session: nox.Session) -> None:
    """The adapter gate for every built-in adapter: round trips reduced by the manifest, the stream law,
    request bodies checked against the official SDKs' types, recorded shapes, error tables."""
    for name in ADAPTERS:
        session.run("wirechat", "conformance", "--adapter", name)


def run_wheel_gate(session: nox.Session) -> None:
    """The adapter gate as a user runs it: the wirechat wheel built, installed with the ``gate`` extra into
    a fresh virtual environment outside the checkout (dependencies held to the lock), and
    ``wirechat conformance --adapter NAME`` run there for every built-in adapter; then the
    wirechat-conformance wheel installed beside it runs the corpus there (the Python testees)."""
    with tempfile.TemporaryDirectory(prefix="wirechat-wheel-") as scratch:
        where = Path(scratch)
        session.run("uv", "build", "--wheel", "--out-dir", str(where / "dist"), "python", external=True, silent=True)
        (wheel,) = (where / "dist").glob("wirechat-*.whl")
        venv = where / "venv"
        python = venv / "bin" / "python"
        session.run("uv", "venv", "--quiet", str(venv), external=True)
        # --python, not VIRTUAL_ENV: inside a nox session that variable names the session's own environment
        session.run(
            "uv", "pip", "install", "--quiet", "--python", str(python), "-c", "requirements/dev.txt",
            f"wirechat[gate] @ {wheel.as_uri()}", external=True,
        )  # fmt: skip
        wirechat = str(venv / "bin" / "wirechat")
        with session.chdir(where):
            for name in ADAPTERS:
                session.run(wirechat, "conformance", "--adapter", name, external=True)
            session.run(wirechat, "conformance", external=True, success_codes=[2])  # the suite is not in the wheel
        # ... it is in wirechat-conformance's: installed beside it, the corpus runs outside the checkout
        dist = str(where / "dist")
        session.run("uv", "build", "--wheel", "--out-dir", dist, "conformance", external=True, silent=True)
        (suite,) = (where / "dist").glob("wirechat_conformance-*.whl")
        session.run(
            "uv", "pip", "install", "--quiet", "--python", str(python), "-c", "requirements/dev.txt",
            f"wirechat-conformance @ {suite.as_uri()}", external=True,
        )  # fmt: skip
        with session.chdir(where):
            session.run(wirechat, "conformance", "--examples", "0", external=True)


def run_install_check(session: nox.Session) -> None:
    """The README's install steps as written (tests/release/install_steps.py runs its "## Install" blocks,
    each in a fresh folder): wheel and sdist, the checks' distributions, the npm tarball into fresh ESM and
    CommonJS projects, a fresh Go module. uv comes from ./dev's own environment, as it does for a user."""
    tools = str(Path(sys.executable).parent)  # .venv-dev/bin: nox and uv
    session.run("python", "tests/release/install_steps.py", env={"PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"})
    # the HTML conformance report in a real browser: headless Chromium, installed here when it can be
    ensure_chromium(session)
    session.run("pytest", "-q", "-rs", "tests/release/test_html_report_chromium.py")  # the rest ran in `tests`


def ensure_chromium(session: nox.Session) -> None:
    """Debian's chromium for the HTML report's browser test: installed with apt-get when missing and this
    runs as root (CI: Debian 12); otherwise the test skips, and this says why."""
    if any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")):
        return
    if not shutil.which("apt-get") or os.geteuid() != 0:
        session.log("no Chromium, and no apt-get as root to install it: the HTML report's browser test will skip")
        return
    apt = ["apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    session.log("installing Debian's chromium for the HTML report's browser test")
    if subprocess.run(apt, env=env, capture_output=True, check=False).returncode != 0:
        session.run("apt-get", "update", "-q", external=True, env=env, silent=True)  # no lists yet, or stale ones
        session.run(*apt, external=True, env=env, silent=True)


def run_rust(session: nox.Session) -> None:
    """The Rust crate's tests (rust/, decision 037); its lint (clippy) is in ``run_lint``, its pack check in
    the ``rust-package`` session (on demand: a third compile of the crate, about 40 s)."""
    cargo, env = rust_toolchain(session)
    with session.chdir("rust"):
        session.run(cargo, "test", "--locked", "--quiet", external=True, env=env)


def run_rust_lint(session: nox.Session) -> None:
    """native/'s own Rust tests (its float formatting; debug build), and clippy on the Rust crate with
    warnings as errors, where the toolchain has it (a rustup install without the component says so and
    skips it)."""
    cargo, env = rust_toolchain(session)
    with session.chdir(NATIVE):
        session.run(cargo, "test", "--locked", "--quiet", external=True, env=env)
    with session.chdir("rust"):
        probe = [cargo, "clippy", "--version"]
        if subprocess.run(probe, env={**os.environ, **env}, capture_output=True, check=False).returncode == 0:
            session.run(cargo, "clippy", "--locked", "--all-targets", "--quiet", "--", "-D", "warnings",
                        external=True, env=env)  # fmt: skip
        else:
            session.log("cargo clippy is not installed with this toolchain: the Rust lint is skipped")


def run_tests(session: nox.Session, pytest_args: Sequence[str] = ()) -> None:
    """Every language's tests: Python (pytest; tests/conformance drives the TypeScript, Go and Rust testees),
    TypeScript (node --test, pack check), Go (test, fuzz), Rust (cargo test)."""
    install_node_tools(session)
    run_python_tests(session, pytest_args)
    run_typescript(session)
    run_go(session)
    run_rust(session)


CHECKS = {
    "lint": run_lint,
    "typecheck": run_typecheck,
    "codegen-check": run_codegen_check,
    "schema-freeze": run_schema_freeze,
    "tests": run_tests,
    "conformance": run_conformance,
    "wheel-gate": run_wheel_gate,
    "install-check": run_install_check,
}


@nox.session
def lint(session: nox.Session) -> None:
    """ruff (lint rules and formatting) and lint-imports (the package's layers)."""
    install(session)
    run_lint(session)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the hand-written code."""
    install(session)
    run_typecheck(session)


@nox.session(name="rust-package")
def rust_package(session: nox.Session) -> None:
    """The Rust crate's pack check: ``cargo package`` builds the crate from what it would publish, alone (no
    path dependency; decision 037). On demand: CI's tests and lint compile the crate twice already."""
    session.install("-r", "requirements/dev.txt")  # puccinialin, for rust_toolchain on a machine without cargo
    cargo, env = rust_toolchain(session)
    with session.chdir("rust"):
        session.run(cargo, "package", "--locked", "--allow-dirty", "--quiet", external=True, env=env)


@nox.session
def tests(session: nox.Session) -> None:
    """Every language's tests (Python with hypothesis's fixed-seed CI profile, TypeScript, Go).

    Extra arguments go to pytest."""
    install(session)
    run_tests(session, session.posargs)


@nox.session
def pytest(session: nox.Session) -> None:
    """The Python tests only. Extra arguments go to pytest (``./dev pytest -- -k codec``)."""
    install(session)
    run_python_tests(session, session.posargs)


@nox.session
def typescript(session: nox.Session) -> None:
    """The TypeScript package (needs Node.js 20+ and npm; installs with npm ci, and the Python package for
    the fake provider the client tests run against)."""
    install(session)
    run_typescript(session)


@nox.session(name="go")
def go_module(session: nox.Session) -> None:
    """The Go module (needs Go 1.26+; fetches modules through the Go proxy; the client tests use the Python
    package's serve-fake, so the package is installed first)."""
    install(session)
    run_go(session)


@nox.session
def conformance(session: nox.Session) -> None:
    """The conformance suite in every language (Python's two engines, TypeScript, Go, Rust). Extra arguments go
    to it (``-- --examples 200``)."""
    install(session)
    run_conformance(session, session.posargs)


@nox.session(name="adapter-gate")
def adapter_gate(session: nox.Session) -> None:
    """The adapter gate for the built-in provider adapters."""
    install(session)
    run_adapter_gate(session)


@nox.session
def resource(session: nox.Session) -> None:
    """The resource suite alone: hostile inputs at n and 4n in every language (``-- --profile large``)."""
    install(session)
    install_node_tools(session)
    session.run("wirechat", "conformance", "resource", *session.posargs)


@nox.session(name="wheel-gate")
def wheel_gate(session: nox.Session) -> None:
    """The adapter gate from the built wheel, installed with its extra into a fresh venv (what CI runs)."""
    install(session)
    run_wheel_gate(session)


@nox.session(name="install-check")
def install_check(session: nox.Session) -> None:
    """The README's install steps, run as written: every package built and installed into a fresh project."""
    install(session)
    run_install_check(session)


@nox.session
def codegen(session: nox.Session) -> None:
    """Regenerate every generated folder from schema/."""
    install(session)
    install_node_tools(session)
    session.run("wirechat", "codegen")


@nox.session(name="codegen-check")
def codegen_check(session: nox.Session) -> None:
    """Lint the schema and fail if any generated file differs from a fresh generation."""
    install(session)
    run_codegen_check(session)


@nox.session(name="schema-freeze")
def schema_freeze(session: nox.Session) -> None:
    """Fail if schema/v1 breaks the frozen v1.0 (refresh the snapshot with: wirechat schema snapshot)."""
    install(session)
    run_schema_freeze(session)


@nox.session
def bench(session: nox.Session) -> None:
    """Benchmarks, not tests: the Python scripts through bench/report.py, which prints every issue-18 target
    in one table (reports/bench/report.json), then the TypeScript and Go codecs against their plain parsers.
    Extra arguments go to the report: ``-- --quick`` (smoke profiles), ``-- --check`` (exit 1 on a miss),
    ``-- --only testee``."""
    install(session)
    session.run("python", "bench/report.py", *session.posargs)
    install_node_tools(session)
    session.run("npm", "run", "bench", "--prefix", "typescript", "--silent", external=True)
    with session.chdir("go"):
        session.run("go", "test", "-run", "^$", "-bench", ".", "-benchtime", "20x", "./wirechat/", external=True)


@nox.session
def gate(session: nox.Session) -> None:
    """Every check, in one environment. ``-- --skip NAME`` leaves a check out."""
    skipped = set()
    arguments = list(session.posargs)
    while "--skip" in arguments:
        position = arguments.index("--skip")
        skipped.add(arguments[position + 1])
        del arguments[position : position + 2]
    unknown = skipped - set(CHECKS)
    if unknown:
        session.error(f"unknown check(s) to skip: {sorted(unknown)}; checks are {sorted(CHECKS)}")
    install(session)
    for name, check in CHECKS.items():
        if name not in skipped:
            session.log(f"gate: {name}")
            check(session)
