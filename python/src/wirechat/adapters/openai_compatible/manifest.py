"""The capability manifests of the ``openai-compatible`` adapter, one per profile: openai-chat's manifest
with the profile's own features (``profiles.Profile.features``), finish reasons and options schema.
``MANIFEST`` is the generic profile's."""

from __future__ import annotations

from typing import Any

from wirechat.adapters._contract import Manifest
from wirechat.adapters.openai_chat.manifest import MANIFEST as OPENAI
from wirechat.adapters.openai_compatible.profiles import GENERIC, PROFILES, Profile

__all__ = ["MANIFEST", "MANIFESTS", "manifest_for", "options_schema"]


def options_schema(profile: Profile) -> dict[str, Any]:
    """The JSON Schema of the profile's ``provider_options`` entry."""
    extra = "sent as given" if profile.open_options else "refused (the server would ignore them silently)"
    return {
        "type": "object",
        "description": f"Extra body members for {profile.title}; members not listed here are {extra}.",
        "properties": dict(profile.options),
        "additionalProperties": profile.open_options,
    }


def manifest_for(profile: Profile) -> Manifest:
    """openai-chat's manifest changed where ``profile`` says its server differs."""
    return Manifest(
        features={**OPENAI.features, **profile.features},
        options_schema=options_schema(profile),
        finish_reasons={**OPENAI.finish_reasons, **profile.finish_reasons},
        finish_defaults=OPENAI.finish_defaults,
        media_types=OPENAI.media_types,
    )


MANIFESTS = {name: manifest_for(profile) for name, profile in PROFILES.items()}
"""Every profile's manifest by profile name."""
MANIFEST = MANIFESTS[GENERIC.name]
