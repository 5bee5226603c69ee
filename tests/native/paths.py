"""The two paths of ``wirechat.fast``: with the native scanner (``wirechat_native``) and pure Python.

``engine_path`` is a fixture that runs a test once per path: ``python`` hides the native module from
``wirechat.fast`` for the test; ``native`` skips where the module is not built, except where
``WIRECHAT_NATIVE_REQUIRED=1`` (the nox sessions set it after building the wheel), where it fails.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from wirechat import _fast_check, fast

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
def engine_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "native":
        require_native()
        assert wirechat_native is not None
        monkeypatch.setattr(fast, "native_scan", wirechat_native.scan)
        monkeypatch.setattr(fast, "may_hold_nonfinite", wirechat_native.may_hold_nonfinite)
        monkeypatch.setattr(_fast_check, "_is_base64", wirechat_native.is_base64)
    else:
        monkeypatch.setattr(fast, "native_scan", None)
        monkeypatch.setattr(fast, "may_hold_nonfinite", None)
        monkeypatch.setattr(_fast_check, "_is_base64", lambda text: _fast_check._BASE64.fullmatch(text) is not None)
    yield request.param
