"""The named profiles of the ``openai-compatible`` adapter: one ``Profile`` per server family that speaks
OpenAI Chat Completions with quirks (provider-formats reference, section 5, and each server's docs).

A profile is data, not code: the name it issues what only it can take back under (``issuer``), where the
server writes reasoning text and what of it a request sends back, whether it writes OpenRouter's
``reasoning_details``, whether it streams usage (and takes ``stream_options``), whether tool-call ids may be
missing (then synthesised, see ``shapes.synthesised_id``), the members it adds to a reply that are kept,
its extra finish reasons, the manifest features it carries differently from OpenAI (refused media, dropped
parameters), the ``provider_options`` it takes (its own options schema) and those it answers 400 for. The
codec modules read it. The profiles are data (``adapters/profiles/*.profile.json``), generated with their
manifests into ``wirechat._tables.openai_compatible`` (decision 028); the type is ``wirechat.adapters._profile``.
"""

from __future__ import annotations

from wirechat._tables.openai_compatible import NAME, PROFILES
from wirechat.adapters._profile import Profile

__all__ = ["GENERIC", "NAME", "PROFILES", "Profile", "oracle_name", "profile_of"]

GENERIC = PROFILES["generic"]
"""The profile ``openai-compatible`` without a profile name uses."""


def profile_of(adapter_name: str) -> Profile:
    """The profile an adapter name selects: ``openai-compatible`` is generic, ``openai-compatible:NAME`` is
    NAME's; ``KeyError`` listing the profiles for anything else."""
    base, _, name = adapter_name.partition(":")
    profile = PROFILES.get(name or "generic") if base == NAME else None
    if profile is None:
        raise KeyError(f"no openai-compatible profile {name!r}; profiles: {', '.join(PROFILES)}")
    return profile


def oracle_name(profile: str) -> str:
    """The attribute of ``wirechat.testing.compatible_oracle`` holding ``profile``'s SDK request type
    (``LlamaCppParams``)."""
    return "".join(word.capitalize() for word in profile.split("-")) + "Params"
