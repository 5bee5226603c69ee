"""Policies (what to do with a call) and decisions (a person's answer to a paused call), as in chat-rs's
``Action``: execute, require approval, schedule at a time, or reject with a reason the model reads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone

from wirechat._generated.models import ApproveToolCall, RejectToolCall, ToolCall

__all__ = [
    "Action",
    "Approve",
    "Decision",
    "Execute",
    "Policy",
    "Reject",
    "RequireApproval",
    "Schedule",
    "approve",
    "reject",
    "timestamp",
]


@dataclass(frozen=True)
class Execute:
    """Run the call now."""


@dataclass(frozen=True)
class RequireApproval:
    """Pause the loop until a person approves or rejects the call (``resume``)."""


@dataclass(frozen=True)
class Schedule:
    """Run the call at ``at`` (a timezone-aware time) or later: the loop pauses until then."""

    at: datetime

    def __post_init__(self) -> None:
        if self.at.tzinfo is None:
            raise ValueError("Schedule(at=...) needs a timezone-aware datetime (datetime.now(timezone.utc) + ...)")


@dataclass(frozen=True)
class Reject:
    """Do not run the call; the model receives a ``rejected`` result with ``reason``."""

    reason: str

    def __post_init__(self) -> None:
        if not self.reason:
            raise ValueError("Reject(reason) needs a reason: the model reads it")


Action = Execute | RequireApproval | Schedule | Reject
Policy = Action | Callable[[ToolCall], Action]
"""An action for every call of a tool, or a function of the call that returns one."""


@dataclass(frozen=True)
class Approve:
    """A decision: run the pending call ``tool_call_id``."""

    tool_call_id: str


@dataclass(frozen=True)
class RejectDecision:
    """A decision: do not run ``tool_call_id``; the model reads ``reason``."""

    tool_call_id: str
    reason: str


Decision = Approve | RejectDecision | ApproveToolCall | RejectToolCall
"""``approve(id)`` / ``reject(id, reason)``, or the same decision as a wire ``ToolLoopDecision`` (a UI's)."""


def approve(tool_call_id: str) -> Approve:
    return Approve(tool_call_id)


def reject(tool_call_id: str, reason: str) -> RejectDecision:
    if not reason:
        raise ValueError(f"rejecting {tool_call_id!r} needs a reason: the model reads it")
    return RejectDecision(tool_call_id, reason)


def action_for(call: ToolCall, policies: Mapping[str, Policy], default: Policy) -> Action:
    """The action the policy for ``call.name`` (else ``default``) gives."""
    policy = policies.get(call.name, default)
    action = policy(call) if callable(policy) else policy
    if not isinstance(action, (Execute, RequireApproval, Schedule, Reject)):
        raise TypeError(f"the policy for tool {call.name!r} returned {action!r}, not an Action")
    return action


def timestamp(at: datetime) -> str:
    """``at`` as a wire ``Timestamp`` (UTC, ``Z``, microseconds when there are any)."""
    utc = at.astimezone(timezone.utc)
    text = utc.strftime("%Y-%m-%dT%H:%M:%S")
    return f"{text}.{utc.microsecond:06d}Z" if utc.microsecond else f"{text}Z"


def parse_timestamp(text: str) -> datetime:
    """A wire ``Timestamp`` as an aware datetime (digits past microseconds are dropped)."""
    seconds, _, fraction = text[:-1].partition(".")
    value = datetime.strptime(seconds, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    return value.replace(microsecond=int(fraction[:6].ljust(6, "0"))) if fraction else value
