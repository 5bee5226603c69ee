"""A saved state cannot approve its own calls: ``resume`` re-applies the caller's policies to every call the
state says was decided (decision 033).

A ``ToolLoopState`` is a file anyone who can write it can edit, and it carries no record of who decided
what (the wire form has no member for one). So a status that would let a call run, ``approved`` or
``scheduled``, counts only as far as the policies the resuming program passes allow:

| status in the state | policy now | becomes |
|---|---|---|
| ``approved`` | ``Execute`` | ``approved`` (the policy needs no decision) |
| ``approved`` | ``RequireApproval`` | ``pending``: an approval is given to ``resume``, not read from a file |
| ``approved`` | ``Schedule(at)`` | ``scheduled`` at the policy's ``at`` (``approved`` once it is due) |
| ``scheduled`` | ``Execute`` or ``Schedule`` | unchanged (the state's ``at``, which no policy can confirm) |
| ``scheduled`` | ``RequireApproval`` | ``pending`` |
| ``approved``, ``scheduled`` | ``Reject(reason)`` | ``rejected`` with the policy's reason |
| ``pending``, ``rejected`` | any | unchanged (neither runs a call) |

The cost: a call approved in one ``resume`` while another call still waited must be approved again in the
``resume`` that runs them (the pause lists it again).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from typing_extensions import assert_never

from wirechat._generated.models import (
    PendingToolCall,
    ToolCallApproved,
    ToolCallPending,
    ToolCallRejected,
    ToolCallScheduled,
    ToolCallStatus,
)
from wirechat.tools._policy import Execute, Policy, Reject, RequireApproval, Schedule, action_for, timestamp

__all__ = ["reapply_policies"]


def _checked(
    pending: PendingToolCall, policies: Mapping[str, Policy], default: Policy, now: datetime
) -> ToolCallStatus:
    status = pending.status
    if isinstance(status, (ToolCallPending, ToolCallRejected)):
        return status
    action = action_for(pending.tool_call, policies, default)
    match action:
        case Execute():
            return status
        case RequireApproval():
            return ToolCallPending()
        case Schedule(at=at):
            if isinstance(status, ToolCallScheduled):
                return status
            return ToolCallScheduled(at=timestamp(at)) if at > now else ToolCallApproved()
        case Reject(reason=reason):
            return ToolCallRejected(reason=reason)
        case _:
            assert_never(action)


def reapply_policies(
    pending: Sequence[PendingToolCall], policies: Mapping[str, Policy], default: Policy, now: datetime
) -> list[PendingToolCall]:
    """``pending`` with each claimed decision checked against the policies (the table above)."""
    checked = []
    for item in pending:
        status = _checked(item, policies, default, now)
        checked.append(item if status is item.status else item.model_copy(update={"status": status}))
    return checked
