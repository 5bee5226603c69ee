//! The tool loop's history helpers and the consistency checks of spec section 14: `merge_consecutive`
//! (explicit, never a side effect of adding a message), `find_tool_call` and `find_tool_result`, and
//! `check_tool_result` / `check_tool_loop_state`, whose `WireError` problems have the rules
//! `tool-status` and `tool-loop-state` and the same pointers as Python (`wirechat.tool_state`),
//! TypeScript (`tool-loop.ts`) and Go (`tool_loop.go`). Vectors: `conformance/vectors/tool-loop.json`.
//!
//! ```
//! let result: wirechat::ToolResult =
//!     wirechat::decode(br#"{"tool_call_id":"c1","content":"no","status":"rejected","is_error":true}"#).unwrap();
//! let error = wirechat::check_tool_result(&result).unwrap_err();
//! assert_eq!((error.problems[0].pointer.as_str(), error.problems[0].rule), ("/reason", "tool-status"));
//! ```

use std::collections::{HashMap, HashSet};

use crate::generated::{
    Message, Part, Role, ToolCall, ToolCallStatus, ToolLoopPause, ToolLoopState, ToolResult, ToolResultStatus,
};
use crate::problem::{finish, Problem, WireError};

/// The rule of a `ToolResult` that breaks section 14.1 (`status` against `is_error` and `reason`).
pub const RULE_TOOL_STATUS: &str = "tool-status";
/// The rule of a `ToolLoopState` whose pending calls or pause do not match its messages (section 14.3).
pub const RULE_TOOL_LOOP_STATE: &str = "tool-loop-state";

/// Where a tool call or result is: `messages[message].parts[part]`, and the value itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Found<'a, T> {
    pub message: usize,
    pub part: usize,
    pub value: &'a T,
}

/// A new list in which each run of consecutive messages with the same role and the same `name` is one
/// message holding their parts in order. The first of a run keeps its `id` and `provider_metadata`; a
/// later message with an `id` or `provider_metadata` of its own starts a new run (merging would drop
/// them). The input is not changed.
pub fn merge_consecutive(messages: &[Message]) -> Vec<Message> {
    let mut merged: Vec<Message> = Vec::with_capacity(messages.len());
    for message in messages {
        if let Some(last) = merged.last_mut() {
            if last.role == message.role
                && last.name == message.name
                && message.id.is_none()
                && message.provider_metadata.is_none()
            {
                last.parts.extend(message.parts.iter().cloned());
                continue;
            }
        }
        merged.push(message.clone());
    }
    merged
}

/// The first tool call with this id anywhere in `messages`, or `None`.
pub fn find_tool_call<'a>(messages: &'a [Message], id: &str) -> Option<Found<'a, ToolCall>> {
    find(messages, |part| match part {
        Part::ToolCall(call) if call.tool_call.id == id => Some(&call.tool_call),
        _ => None,
    })
}

/// The first tool result answering this call id anywhere in `messages`, or `None`.
pub fn find_tool_result<'a>(messages: &'a [Message], id: &str) -> Option<Found<'a, ToolResult>> {
    find(messages, |part| match part {
        Part::ToolResult(result) if result.tool_result.tool_call_id == id => Some(&result.tool_result),
        _ => None,
    })
}

fn find<'a, T>(messages: &'a [Message], pick: impl Fn(&'a Part) -> Option<&'a T>) -> Option<Found<'a, T>> {
    messages.iter().enumerate().find_map(|(m, message)| {
        message.parts.iter().enumerate().find_map(|(p, part)| {
            pick(part).map(|value| Found {
                message: m,
                part: p,
                value,
            })
        })
    })
}

/// A key that orders `Timestamp` texts by instant: the seconds, then the fraction (0 to 9 digits)
/// padded to 9. A text too short to be a timestamp is its own key.
pub fn instant_key(timestamp: &str) -> (&str, String) {
    let seconds = timestamp.get(..19).unwrap_or(timestamp);
    let fraction = timestamp.get(20..timestamp.len().saturating_sub(1)).unwrap_or("");
    (seconds, format!("{fraction:0<9}"))
}

fn problem(pointer: String, rule: &'static str, message: String) -> Problem {
    Problem {
        pointer,
        message,
        rule,
        line: None,
        column: None,
    }
}

/// The section 14.1 problems of one result, with pointers under `at` (`""` for the result itself).
pub fn tool_result_problems(result: &ToolResult, at: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    let is_error = result.is_error == Some(true);
    let mut add =
        |member: &str, message: String| problems.push(problem(format!("{at}/{member}"), RULE_TOOL_STATUS, message));
    match result.status {
        Some(ToolResultStatus::Completed) if is_error => add(
            "is_error",
            "a completed result is not an error: is_error must be absent or false".to_owned(),
        ),
        Some(status @ (ToolResultStatus::Failed | ToolResultStatus::Rejected)) if !is_error => add(
            "is_error",
            format!("a {} result must have is_error: true", status.as_str()),
        ),
        _ => {}
    }
    match (result.status, &result.reason) {
        (Some(ToolResultStatus::Rejected), None) => add("reason", "a rejected result must say why (reason)".to_owned()),
        (Some(ToolResultStatus::Rejected), Some(_)) | (_, None) => {}
        (status, Some(_)) => {
            let said = status.map_or("absent", ToolResultStatus::as_str);
            add(
                "reason",
                format!("reason belongs to a rejected result only (status is {said})"),
            )
        }
    }
    problems
}

/// `Err` listing the problems when `result` breaks section 14.1 (`status` against `is_error` and
/// `reason`), in section 5.2 order.
pub fn check_tool_result(result: &ToolResult) -> Result<(), WireError> {
    refuse("ToolResult", tool_result_problems(result, ""))
}

fn refuse(type_name: &str, problems: Vec<Problem>) -> Result<(), WireError> {
    if problems.is_empty() {
        return Ok(());
    }
    Err(WireError {
        type_name: type_name.to_owned(),
        problems: finish(problems),
    })
}

/// `Err` listing every section 14.3 problem of `state`, in section 5.2 order; `Ok` when it is
/// consistent. Run it before resuming a state (a state's file can be edited by anyone).
pub fn check_tool_loop_state(state: &ToolLoopState) -> Result<(), WireError> {
    let mut problems = Vec::new();
    let mut last_assistant = None;
    let mut answered = HashSet::new();
    for (m, message) in state.request.messages.iter().enumerate() {
        if message.role == Role::Assistant {
            last_assistant = Some(message);
        }
        for (p, part) in message.parts.iter().enumerate() {
            if let Part::ToolResult(result) = part {
                answered.insert(result.tool_result.tool_call_id.as_str());
                let at = format!("/request/messages/{m}/parts/{p}/tool_result");
                problems.extend(tool_result_problems(&result.tool_result, &at));
            }
        }
    }
    let calls: HashMap<&str, &ToolCall> = last_assistant
        .into_iter()
        .flat_map(|message| &message.parts)
        .filter_map(|part| match part {
            Part::ToolCall(call) => Some((call.tool_call.id.as_str(), &call.tool_call)),
            _ => None,
        })
        .collect();
    let mut statuses: HashMap<&str, &ToolCallStatus> = HashMap::new();
    for (i, pending) in state.pending.iter().enumerate() {
        let call = &pending.tool_call;
        let id = call.id.as_str();
        let mut add = |pointer: String, message: String| problems.push(problem(pointer, RULE_TOOL_LOOP_STATE, message));
        if statuses.contains_key(id) {
            add(
                format!("/pending/{i}/tool_call/id"),
                format!("tool call {id:?} is pending twice"),
            );
            continue;
        }
        statuses.insert(id, &pending.status);
        match calls.get(id) {
            None => add(
                format!("/pending/{i}/tool_call"),
                format!("tool call {id:?} is not a call of the last assistant message"),
            ),
            Some(made) if made.name != call.name || made.arguments != call.arguments => add(
                format!("/pending/{i}/tool_call"),
                format!("tool call {id:?} differs from the call the model made (name or arguments)"),
            ),
            Some(_) => {}
        }
        if answered.contains(id) {
            add(
                format!("/pending/{i}"),
                format!("tool call {id:?} already has a result in the messages"),
            );
        }
    }
    if let Some(pause) = &state.pause {
        problems.extend(pause_problems(pause, &statuses));
    }
    refuse("ToolLoopState", problems)
}

/// The local status a pause's id list asks of its calls.
#[derive(Clone, Copy, PartialEq)]
enum Wanted {
    Pending,
    Scheduled,
}

fn pause_problems(pause: &ToolLoopPause, statuses: &HashMap<&str, &ToolCallStatus>) -> Vec<Problem> {
    let (lists, at) = match pause {
        ToolLoopPause::AwaitingApproval(p) => (vec![("/pause/tool_call_ids", &p.tool_call_ids, Wanted::Pending)], None),
        ToolLoopPause::Scheduled(p) => (
            vec![("/pause/tool_call_ids", &p.tool_call_ids, Wanted::Scheduled)],
            Some(&p.at),
        ),
        ToolLoopPause::Mixed(p) => (
            vec![
                ("/pause/awaiting_approval", &p.awaiting_approval, Wanted::Pending),
                ("/pause/scheduled", &p.scheduled, Wanted::Scheduled),
            ],
            Some(&p.at),
        ),
    };
    let mut problems = Vec::new();
    let mut earliest: Option<&String> = None;
    for (list, ids, wanted) in lists {
        for (j, id) in ids.iter().enumerate() {
            let matches = match statuses.get(id.as_str()) {
                Some(ToolCallStatus::Pending(_)) => wanted == Wanted::Pending,
                Some(ToolCallStatus::Scheduled(scheduled)) if wanted == Wanted::Scheduled => {
                    if earliest.is_none_or(|e| instant_key(&scheduled.at) < instant_key(e)) {
                        earliest = Some(&scheduled.at);
                    }
                    true
                }
                Some(ToolCallStatus::Scheduled(_) | ToolCallStatus::Approved(_) | ToolCallStatus::Rejected(_))
                | None => false,
            };
            if !matches {
                let word = match wanted {
                    Wanted::Pending => "pending",
                    Wanted::Scheduled => "scheduled",
                };
                problems.push(problem(
                    format!("{list}/{j}"),
                    RULE_TOOL_LOOP_STATE,
                    format!("tool call {id:?} is not a {word} call of pending"),
                ));
            }
        }
    }
    if let (Some(at), Some(earliest)) = (at, earliest) {
        if instant_key(at) != instant_key(earliest) {
            problems.push(problem(
                "/pause/at".to_owned(),
                RULE_TOOL_LOOP_STATE,
                format!("pause.at is {at}, but the earliest scheduled call is due at {earliest}"),
            ));
        }
    }
    problems
}
