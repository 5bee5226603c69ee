"""Shared test settings: hypothesis profiles (``ci`` is derandomised, with a fixed seed) and paths."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

REPO_ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = REPO_ROOT / "schema" / "v1"
EXAMPLES_DIR = SCHEMA_DIR / "examples"

settings.register_profile(
    "ci",
    derandomize=True,  # a fixed seed: the same examples on every run
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
