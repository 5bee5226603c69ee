"""The codec's two paths: with the native module (``wirechat_native``) and pure Python.

``engine_path`` is a fixture that runs a test once per path, switching every native function at once
(``wirechat._fast_check.use_native``: the scan, ``is_base64``, ``may_hold_nonfinite``), as
``WIRECHAT_NATIVE=0`` does for a process: ``python`` hides them for the test; ``native`` skips where the
module is not built, except where ``WIRECHAT_NATIVE_REQUIRED=1`` (the nox sessions set it after building
the wheel), where it fails. Either way the switch is put back as it was after the test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from wirechat import _fast_check

try:
    import wirechat_native
except ImportError:  # pragma: no cover - depends on the environment
    wirechat_native = None

REQUIRED = os.environ.get("WIRECHAT_NATIVE_REQUIRED") == "1"


def require_native() -> None:
    """Skip (or fail, where it is required) when the native module is not there."""
    if wirechat_native is None:
        if REQUIRED:
            pytest.fail("wirechat_native is required here (WIRECHAT_NATIVE_REQUIRED=1) and does not import")
        pytest.skip("wirechat_native is not built (the nox sessions build it from native/)")


@pytest.fixture(params=["native", "python"])
def engine_path(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "native":
        require_native()
    was_on = _fast_check.native_scan is not None
    assert _fast_check.use_native(request.param == "native") == (request.param == "native")
    try:
        yield request.param
    finally:
        _fast_check.use_native(was_on)
