"""The capability manifests of the ``openai-compatible`` adapter, one per profile: openai-chat's manifest
with the profile's own features, finish reasons and options schema, resolved by codegen from
``adapters/openai-compatible.adapter.json`` and ``adapters/profiles/`` into
``wirechat._tables.openai_compatible`` (decision 028). ``MANIFEST`` is the generic profile's."""

from __future__ import annotations

from wirechat._tables.openai_compatible import MANIFESTS

__all__ = ["MANIFEST", "MANIFESTS"]

MANIFEST = MANIFESTS["generic"]
