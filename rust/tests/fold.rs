//! The fold (spec section 9): the response a stream stands for, and the three ways it fails.

use wirechat::{canonical, decode, fold, StreamErrorKind, StreamEvent};

fn events(lines: &[&str]) -> Vec<StreamEvent> {
    lines.iter().map(|line| decode(line.as_bytes()).unwrap()).collect()
}

#[test]
fn interleaved_tool_calls_and_a_reasoning_signature_fold_by_index() {
    let stream = events(&[
        r#"{"type":"start","id":"r1","model":"m"}"#,
        r#"{"type":"reasoning_start","index":0}"#,
        r#"{"type":"reasoning_delta","index":0,"text":"hm","signature":""}"#,
        r#"{"type":"reasoning_end","index":0}"#,
        r#"{"type":"tool_call_start","index":1,"id":"a","name":"f"}"#,
        r#"{"type":"tool_call_start","index":2,"id":"b","name":"g"}"#,
        r#"{"type":"tool_call_delta","index":2,"arguments":"{}"}"#,
        r#"{"type":"tool_call_delta","index":1,"arguments":"{\"x\":1}"}"#,
        r#"{"type":"tool_call_end","index":1}"#,
        r#"{"type":"tool_call_end","index":2}"#,
        r#"{"type":"usage","usage":{"input_tokens":1,"output_tokens":2,"total_tokens":3}}"#,
        r#"{"type":"finish","finish_reason":{"kind":"tool_calls"}}"#,
    ]);
    let response = fold(&stream).unwrap();
    assert_eq!(
        canonical(&response).unwrap(),
        concat!(
            r#"{"finish_reason":{"kind":"tool_calls"},"id":"r1","message":{"parts":[{"reasoning":{"text":"hm"},"type":"reasoning"},"#,
            r#"{"tool_call":{"arguments":"{\"x\":1}","id":"a","name":"f"},"type":"tool_call"},"#,
            r#"{"tool_call":{"arguments":"{}","id":"b","name":"g"},"type":"tool_call"}],"role":"assistant"},"model":"m","#,
            r#""usage":{"input_tokens":1,"output_tokens":2,"total_tokens":3}}"#
        )
    );
}

#[test]
fn a_stream_without_finish_is_incomplete_and_keeps_what_arrived() {
    let stream = events(&[
        r#"{"type":"text_start","index":0}"#,
        r#"{"type":"text_delta","index":0,"text":"hi"}"#,
    ]);
    let error = fold(&stream).unwrap_err();
    assert_eq!(error.kind, StreamErrorKind::Incomplete);
    assert_eq!(
        canonical(&error.partial).unwrap(),
        r#"{"parts":[{"text":"hi","type":"text"}],"role":"assistant"}"#
    );
}

#[test]
fn an_error_event_fails_and_a_gap_in_the_indices_is_malformed() {
    let failed = events(&[r#"{"type":"error","error":{"kind":"overloaded","message":"busy","retryable":true}}"#]);
    let error = fold(&failed).unwrap_err();
    assert_eq!((error.kind, error.failure.is_some()), (StreamErrorKind::Failed, true));
    let gap = events(&[
        r#"{"type":"text_start","index":1}"#,
        r#"{"type":"text_end","index":1}"#,
        r#"{"type":"finish","finish_reason":{"kind":"stop"}}"#,
    ]);
    assert_eq!(fold(&gap).unwrap_err().kind, StreamErrorKind::Malformed);
}
