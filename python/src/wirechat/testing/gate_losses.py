"""The gate's no-silent-loss checks on decoding (issue 15): what an adapter does not map must be reported.

``check_no_unmapped``: decoding an adapter's own encoding reports no unmapped member (its table of mapped
members covers everything its encoder writes). ``check_extra_member_reported``: an unknown member added to a
provider body comes back as a ``provider.unmapped`` warning at its pointer, travels whole in
``provider_options``, or is refused naming its pointer, never dropped without a word.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import MISSING

from wirechat.adapters._contract import Adapter, ConversionWarning

__all__ = ["GateLossError", "check_extra_member_reported", "check_no_unmapped"]


class GateLossError(AssertionError):
    """A member lost without a word, or reported where nothing was lost."""


_EXTRA = "wirechat_gate_extra"


def check_no_unmapped(notes: list[ConversionWarning], what: str) -> None:
    unmapped = [str(note) for note in notes if note.feature == "provider.unmapped"]
    if unmapped:
        raise GateLossError(f"decoding {what} reported members it does not map: {unmapped}")


def check_extra_member_reported(adapter: Adapter, body: dict[str, Any]) -> None:
    """No silent loss: a member the adapter does not know, put in the first message (or the body), must come
    back as a ``provider.unmapped`` warning at its pointer, travel whole in ``provider_options``, or be an
    error naming its pointer (a format that refuses what it does not map)."""
    altered = json.loads(json.dumps(body))
    messages = altered.get("messages")
    if isinstance(messages, list) and messages and isinstance(messages[0], dict):
        messages[0][_EXTRA], where = 1, f"/messages/0/{_EXTRA}"
    else:
        altered[_EXTRA], where = 1, f"/{_EXTRA}"
    try:
        request, notes = adapter.decode_request(altered)
    except ValueError as exc:
        if where in str(exc):
            return
        raise GateLossError(f"an unknown member at {where} was refused without naming it: {exc}") from None
    reported = any(note.feature == "provider.unmapped" and str(note).startswith(f"provider.unmapped: {where}:")
                   for note in notes)  # fmt: skip
    kept = request.provider_options is not MISSING and _EXTRA in (request.provider_options.get(adapter.name) or {})
    if not (reported or kept):
        raise GateLossError(f"an unknown member at {where} was dropped without a warning")
