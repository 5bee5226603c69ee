//! The strict reader (spec sections 2, 3 and 5) and the canonical writer (section 4), on the schema's
//! examples and on documents made to break one rule each.

use std::path::Path;

use wirechat::{canonical, canonical_json, decode, decode_by_name, Message, Problem, TextPart};

fn problems(name: &str, text: &str) -> Vec<(String, &'static str)> {
    match decode_by_name(name, text.as_bytes()).expect("a wire type") {
        Ok(_) => Vec::new(),
        Err(error) => error.problems.into_iter().map(|p| (p.pointer, p.rule)).collect(),
    }
}

fn at(pointer: &str, rule: &'static str) -> (String, &'static str) {
    (pointer.to_owned(), rule)
}

#[test]
fn every_schema_example_gets_its_verdict_and_valid_ones_round_trip() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../schema/v1/examples");
    let mut count = 0;
    for entry in std::fs::read_dir(&examples).unwrap() {
        let folder = entry.unwrap().path();
        let name = folder.file_name().unwrap().to_str().unwrap().to_owned();
        for verdict in ["valid", "invalid"] {
            let Ok(files) = std::fs::read_dir(folder.join(verdict)) else {
                continue;
            };
            for file in files {
                let path = file.unwrap().path();
                let mut text = std::fs::read(&path).unwrap();
                if verdict == "invalid" {
                    // {"document", "pointer", "reason"}: the document, and the pointer a problem must name
                    let wrapper: serde_json::Value = serde_json::from_slice(&text).unwrap();
                    text = serde_json::to_vec(&wrapper["document"]).unwrap();
                    let pointer = wrapper["pointer"].as_str().unwrap().to_owned();
                    let error = decode_by_name(&name, &text).expect("a wire type").unwrap_err();
                    assert!(
                        error.problems.iter().any(|p| p.pointer == pointer),
                        "{}: {error}",
                        path.display()
                    );
                }
                let outcome = decode_by_name(&name, &text).expect("a wire type");
                match (verdict, outcome) {
                    ("valid", Ok(value)) => {
                        // serde_json's own float reading is not correctly rounded (0.9999999999999999 reads 1)
                        let input = wirechat::node::parse(&text).into_value();
                        assert_eq!(canonical_json(&value), canonical_json(&input), "{}", path.display());
                    }
                    ("invalid", Err(error)) => assert!(!error.problems.is_empty()),
                    (_, outcome) => panic!("{}: {verdict} but {outcome:?}", path.display()),
                }
                count += 1;
            }
        }
    }
    assert!(count > 100, "only {count} examples");
}

#[test]
fn schema_problems_are_all_listed_in_pointer_order() {
    let text = r#"{"role":"robot","parts":[{"type":"text"},{"type":"smell"},{"type":"text","text":1}],"x":1}"#;
    assert_eq!(
        problems("Message", text),
        vec![
            at("/parts/0/text", "required"),
            at("/parts/1/type", "discriminator"),
            at("/parts/2/text", "type"),
            at("/role", "enum"),
            at("/x", "additionalProperties"),
        ]
    );
}

#[test]
fn a_number_rule_is_the_only_problem_of_its_value() {
    let text = r#"{"role":9007199254740993,"parts":[],"id":1e400}"#;
    assert_eq!(
        problems("Message", text),
        vec![at("/id", "number-overflow"), at("/role", "unsafe-integer")]
    );
    let usage = r#"{"input_tokens":1.0,"output_tokens":1.5,"total_tokens":-1}"#;
    assert_eq!(
        problems("TokenUsage", usage),
        vec![
            at("/input_tokens", "integer-literal"),
            at("/output_tokens", "type"),
            at("/total_tokens", "minimum")
        ]
    );
}

#[test]
fn a_text_fault_is_the_only_problem_with_its_line_and_column() {
    let error = decode::<Message>(b"{\"role\":\"user\",\n \"parts\":[],\"role\":\"user\"}").unwrap_err();
    let found: Vec<&Problem> = error.problems.iter().collect();
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].pointer.as_str(), found[0].rule), ("/role", "duplicate-key"));
    assert_eq!((found[0].line, found[0].column), (Some(2), Some(13)));
    assert_eq!(problems("JsonValue", "[\"abc"), vec![at("/0", "syntax")]);
    assert_eq!(problems("JsonValue", "[01]"), vec![at("", "syntax")]);
    assert_eq!(problems("JsonValue", "{\"a\":tru}"), vec![at("/a", "syntax")]);
    assert_eq!(problems("JsonValue", "\u{FEFF}{}"), vec![at("", "bom")]);
    let deep = "[".repeat(201) + &"]".repeat(201);
    let pointer = "/0".repeat(199);
    assert_eq!(problems("JsonValue", &deep), vec![(pointer, "depth")]);
}

#[test]
fn more_than_a_hundred_problems_are_cut_with_a_count() {
    let parts: Vec<&str> = std::iter::repeat_n(r#"{"type":"text"}"#, 150).collect();
    let text = format!(r#"{{"role":"user","parts":[{}]}}"#, parts.join(","));
    let found = problems("Message", &text);
    assert_eq!(found.len(), 101);
    assert_eq!(found[99], at("/parts/99/text", "required"));
    assert_eq!(found[100], at("", "too-many-problems"));
}

#[test]
fn a_variant_alone_keeps_its_tag_and_checks_it() {
    let part: TextPart = decode(br#"{"type":"text","text":"hi"}"#).unwrap();
    assert_eq!(canonical(&part).unwrap(), r#"{"text":"hi","type":"text"}"#);
    assert_eq!(
        problems("TextPart", r#"{"type":"image","text":"hi"}"#),
        vec![at("/type", "const")]
    );
    assert_eq!(
        problems("TextPart", r#"{"type":1,"text":"hi"}"#),
        vec![at("/type", "type")]
    );
    assert_eq!(problems("TextPart", r#"{"text":"hi"}"#), vec![at("/type", "required")]);
}

#[test]
fn the_error_is_a_std_error_that_lists_its_problems() {
    let error = decode::<Message>(br#"{"role":"user"}"#).unwrap_err();
    let boxed: Box<dyn std::error::Error> = Box::new(error);
    assert_eq!(
        boxed.to_string(),
        "invalid Message (1 problem)\n  /parts: required member is missing [required]"
    );
}

#[test]
fn an_unknown_type_name_is_none() {
    assert!(decode_by_name("Nothing", b"{}").is_none());
}

#[test]
fn an_optional_free_form_member_keeps_a_present_null() {
    let text = br#"{"id":"0","input":null,"issuer":"a","name":"0"}"#;
    let call: wirechat::ProviderToolCall = decode(text).unwrap();
    assert_eq!(call.input, Some(serde_json::Value::Null));
    assert_eq!(canonical(&call).unwrap(), std::str::from_utf8(text).unwrap());
}

#[test]
fn a_text_over_the_size_limit_is_refused_before_it_is_parsed() {
    let text = "{\"role\":\"user\",\"parts\":[\"é";
    let error = wirechat::decode_by_name_limited("Message", text.as_bytes(), Some(text.len() - 1))
        .unwrap()
        .unwrap_err();
    let found: Vec<_> = error
        .problems
        .iter()
        .map(|p| (p.pointer.as_str(), p.rule, p.line))
        .collect();
    assert_eq!(found, vec![("", "too-large", None)]);
    assert!(wirechat::decode_limited::<Message>(br#"{"role":"user","parts":[]}"#, Some(26)).is_ok());
}
