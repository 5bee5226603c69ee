//! The tool loop's history helpers and the section 14.3 consistency checks against the shared vectors
//! (`conformance/vectors/tool-loop.json`, which the Python, TypeScript and Go tests run too), and the
//! cases the vectors do not pin down.

use std::path::Path;

use serde_json::Value;
use wirechat::tool_loop::instant_key;
use wirechat::{
    canonical, canonical_json, check_tool_loop_state, check_tool_result, decode, find_tool_call, find_tool_result,
    merge_consecutive, Message, ToolLoopState, ToolResult, WireError, WireType,
};

fn read<T: WireType>(name: &str, value: &Value) -> T {
    decode(value.to_string().as_bytes()).unwrap_or_else(|error| panic!("{name}: {error}"))
}

fn messages(name: &str, args: &Value) -> Vec<Message> {
    args["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| read(name, m))
        .collect()
}

fn pairs(checked: Result<(), WireError>) -> Vec<(String, String)> {
    match checked {
        Ok(()) => Vec::new(),
        Err(error) => error
            .problems
            .iter()
            .map(|p| (p.pointer.clone(), p.rule.to_owned()))
            .collect(),
    }
}

fn found<T: WireType>(found: Option<wirechat::Found<'_, T>>) -> String {
    match found {
        None => "null".to_owned(),
        Some(found) => format!(
            r#"{{"message":{},"part":{},"value":{}}}"#,
            found.message,
            found.part,
            canonical(found.value).unwrap()
        ),
    }
}

/// The helper's answer as RFC 8785 text (a search, the merged messages), or the check's problems.
fn run(name: &str, op: &str, args: &Value) -> Result<String, Vec<(String, String)>> {
    let id = args["id"].as_str().unwrap_or("");
    Ok(match op {
        "merge_consecutive" => {
            let merged: Vec<String> = merge_consecutive(&messages(name, args))
                .iter()
                .map(|m| canonical(m).unwrap())
                .collect();
            format!("[{}]", merged.join(","))
        }
        "find_tool_call" => found(find_tool_call(&messages(name, args), id)),
        "find_tool_result" => found(find_tool_result(&messages(name, args), id)),
        "check_tool_result" => return Err(pairs(check_tool_result(&read::<ToolResult>(name, &args["result"])))),
        "check_tool_loop_state" => {
            return Err(pairs(check_tool_loop_state(&read::<ToolLoopState>(
                name,
                &args["state"],
            ))))
        }
        other => panic!("{name}: no helper {other:?}"),
    })
}

#[test]
fn every_tool_loop_vector_gives_its_result_or_its_problems() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/vectors/tool-loop.json");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() >= 38, "only {} vectors in {}", cases.len(), path.display());
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let op = case["op"].as_str().unwrap();
        match run(name, op, &case["args"]) {
            Ok(text) => {
                let want = canonical_json(&case["result"]);
                if text != want {
                    failures.push(format!("{name}: got {text}\n  want {want}"));
                }
            }
            Err(got) => {
                let want: Vec<(String, String)> = case["problems"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|pair| {
                        (
                            pair[0].as_str().unwrap().to_owned(),
                            pair[1].as_str().unwrap().to_owned(),
                        )
                    })
                    .collect();
                if got != want {
                    failures.push(format!("{name}: got {got:?}\n  want {want:?}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} vectors differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn merging_leaves_the_input_as_it_was() {
    let history: Vec<Message> = ["a", "b"]
        .iter()
        .map(|text| {
            decode(format!(r#"{{"role":"user","parts":[{{"type":"text","text":"{text}"}}]}}"#).as_bytes()).unwrap()
        })
        .collect();
    let before = history.clone();
    let merged = merge_consecutive(&history);
    assert_eq!(merged.len(), 1);
    assert_eq!(merged[0].parts.len(), 2);
    assert_eq!(history, before);
}

#[test]
fn a_fraction_orders_timestamps_by_instant_not_by_text() {
    // compared as text, "...00Z" would sort after "...00.1Z" ('Z' after '.'), and ".5Z" after ".50Z" (the same instant)
    assert!(instant_key("2026-11-28T10:00:00Z") < instant_key("2026-11-28T10:00:00.1Z"));
    assert!(instant_key("2026-11-28T10:00:00.25Z") < instant_key("2026-11-28T10:00:00.5Z"));
    assert_eq!(
        instant_key("2026-11-28T10:00:00.5Z"),
        instant_key("2026-11-28T10:00:00.500Z")
    );
}

#[test]
fn a_state_built_in_code_with_a_short_timestamp_is_checked_without_a_panic() {
    // the checks take values the caller may have built without the strict reader: no byte slicing panics
    let state: ToolLoopState = decode(
        br#"{"request":{"model":"m","messages":[{"role":"assistant","parts":[{"type":"tool_call","tool_call":{"id":"c1","name":"t","arguments":"{}"}}]}]},
            "pending":[{"tool_call":{"id":"c1","name":"t","arguments":"{}"},"status":{"type":"scheduled","at":"2026-11-28T10:00:00Z"}}],
            "pause":{"type":"scheduled","tool_call_ids":["c1"],"at":"2026-11-28T10:00:00Z"},"steps":1}"#,
    )
    .unwrap();
    assert_eq!(check_tool_loop_state(&state), Ok(()));
    let mut edited = state.clone();
    if let Some(wirechat::ToolLoopPause::Scheduled(pause)) = &mut edited.pause {
        pause.at = "é".to_owned();
    }
    let problems = pairs(check_tool_loop_state(&edited));
    assert_eq!(problems, [("/pause/at".to_owned(), "tool-loop-state".to_owned())]);
}
