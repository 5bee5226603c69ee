//! The tolerant reader (spec section 12): what it keeps, sets aside and still refuses.

use serde_json::json;
use wirechat::{decode_tolerant, restore, ChatResponse, FinishKind, Message, UnknownKind};

#[test]
fn a_new_part_type_is_kept_whole_in_its_place() {
    let text =
        br#"{"role":"user","parts":[{"type":"text","text":"a"},{"type":"video","n":1},{"type":"text","text":"b"}]}"#;
    let read = decode_tolerant::<Message>(text).unwrap();
    assert_eq!(read.value.parts.len(), 2);
    assert_eq!(read.unknown.len(), 1);
    assert_eq!(
        (read.unknown[0].kind, read.unknown[0].pointer.as_str()),
        (UnknownKind::Variant, "/parts/1")
    );
    assert_eq!(
        read.canonical().unwrap(),
        r#"{"parts":[{"text":"a","type":"text"},{"n":1,"type":"video"},{"text":"b","type":"text"}],"role":"user"}"#
    );
}

#[test]
fn an_unknown_value_of_an_open_enum_reads_as_other_and_goes_back_unless_the_caller_changed_it() {
    let text = br#"{"message":{"role":"assistant","parts":[]},"finish_reason":{"kind":"guardrail"}}"#;
    let mut read = decode_tolerant::<ChatResponse>(text).unwrap();
    assert_eq!(read.value.finish_reason.kind, FinishKind::Other);
    assert!(read.encode().unwrap().contains(r#""kind":"guardrail""#));
    read.value.finish_reason.kind = FinishKind::Stop;
    assert!(read.encode().unwrap().contains(r#""kind":"stop""#));
}

#[test]
fn a_closed_enum_and_a_missing_member_are_still_refused() {
    let error = decode_tolerant::<Message>(br#"{"role":"developer","parts":[],"x":1}"#).unwrap_err();
    assert_eq!(error.problems.len(), 1);
    assert_eq!(
        (error.problems[0].pointer.as_str(), error.problems[0].rule),
        ("/role", "enum")
    );
    let error = decode_tolerant::<Message>(br#"{"role":"user","parts":[{"type":"text"}],"x":1}"#).unwrap_err();
    assert_eq!(
        (error.problems[0].pointer.as_str(), error.problems[0].rule),
        ("/parts/0/text", "required")
    );
}

#[test]
fn an_unsafe_integer_set_aside_is_a_problem_at_its_pointer_listed_with_the_others() {
    let text = br#"{"role":"bot","parts":[],"x":{"ids":[1,9007199254740993]}}"#;
    let error = decode_tolerant::<Message>(text).unwrap_err();
    let listed: Vec<_> = error.problems.iter().map(|p| (p.pointer.as_str(), p.rule)).collect();
    assert_eq!(listed, [("/role", "enum"), ("/x/ids/1", "unsafe-integer")]);
}

#[test]
fn a_removed_array_element_is_an_error_when_written_never_a_silent_drop() {
    let text = br#"{"role":"user","parts":[{"type":"text","text":"a"},{"type":"text","text":"b"},{"type":"video"}]}"#;
    let mut read = decode_tolerant::<Message>(text).unwrap();
    read.value.parts.clear();
    let error = read.encode().unwrap_err();
    assert_eq!(error.pointer, "/parts/2");
    assert!(restore(json!({"parts": []}), &read.unknown).is_err());
}

#[test]
fn a_text_fault_is_refused_as_in_strict_mode() {
    let error = decode_tolerant::<Message>(br#"{"role":"user","parts":[],"x":1,"x":2}"#).unwrap_err();
    assert_eq!(error.problems[0].rule, "duplicate-key");
    assert!(error.problems[0].line.is_some());
}
