"""Release metadata: the built wheel's METADATA carries the long description, license file, URLs and
classifiers (a ``twine check``-like look at what PyPI would show); every LICENSE copy is the repository's;
package.json names its repository, homepage and license; the CHANGELOG has a section for VERSION."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

VERSION = (REPO_ROOT / "VERSION").read_text(encoding="utf-8").strip()
LICENSE = (REPO_ROOT / "LICENSE").read_bytes()


def _uv() -> str:
    found = shutil.which("uv") or shutil.which("uv", path=str(REPO_ROOT / ".venv-dev" / "bin"))
    if found is None:
        pytest.skip("needs uv (./dev installs it into .venv-dev/)")
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    command = [_uv(), "build", "--quiet", "--wheel", "--out-dir", str(out), str(REPO_ROOT / "python")]
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    (built,) = out.glob("wirechat-*.whl")
    return built


def _metadata(wheel: Path) -> tuple[Message, zipfile.ZipFile]:
    archive = zipfile.ZipFile(wheel)
    name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    return Parser().parsestr(archive.read(name).decode("utf-8")), archive


def test_the_wheel_has_a_real_long_description(wheel: Path) -> None:
    metadata, _ = _metadata(wheel)
    description = metadata.get_payload()
    assert isinstance(description, str)
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert len(description) > 1500, f"the long description is {len(description)} characters"
    for heading in ("## Install", "## Use", "## Links"):
        assert heading in description
    relative = re.findall(r"\]\((?!https?://)([^)]+)\)", description)
    assert not relative, f"links that break on PyPI (relative to the repository): {relative}"


def test_the_wheel_names_license_authors_urls_and_classifiers(wheel: Path) -> None:
    metadata, archive = _metadata(wheel)
    assert metadata["Version"] == VERSION
    assert metadata["License-Expression"] == "Apache-2.0"
    assert metadata["License-File"] == "LICENSE"
    assert archive.read(f"wirechat-{VERSION}.dist-info/licenses/LICENSE") == LICENSE
    assert metadata["Author"]
    urls = dict(value.split(", ", 1) for value in metadata.get_all("Project-URL", []))
    assert {"Homepage", "Repository", "Issues", "Changelog"} <= set(urls)
    assert all(url.startswith("https://github.com/wirechat/wirechat") for url in urls.values())
    classifiers = metadata.get_all("Classifier", [])
    assert "Typing :: Typed" in classifiers and any(c.startswith("Development Status") for c in classifiers)


def test_the_license_is_apache_2_and_every_copy_is_the_same() -> None:
    text = LICENSE.decode("utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text and "END OF TERMS AND CONDITIONS" in text
    assert len(text.splitlines()) > 190, "the full text, not a notice"
    for folder in ("python", "codegen", "conformance"):
        assert (REPO_ROOT / folder / "LICENSE").read_bytes() == LICENSE, f"{folder}/LICENSE differs from LICENSE"


def test_package_json_names_repository_homepage_and_license() -> None:
    package = json.loads((REPO_ROOT / "typescript/package.json").read_text(encoding="utf-8"))
    assert package["license"] == "Apache-2.0"
    assert package["homepage"].startswith("https://github.com/wirechat/wirechat")
    assert package["repository"]["url"].endswith("github.com/wirechat/wirechat.git")
    assert package["repository"]["directory"] == "typescript"
    assert "LICENSE" in package["files"]
    assert package["exports"]["."]["require"] == "./cjs/index.cjs"


def test_the_changelog_has_a_section_for_the_version() -> None:
    changelog = (REPO_ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## (\S+)", changelog, re.M)
    assert sections and sections[0] == VERSION, f"the newest CHANGELOG section is {sections[:1]}; VERSION is {VERSION}"
