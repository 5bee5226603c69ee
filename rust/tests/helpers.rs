//! Usage addition (spec section 7) and the tool-argument helpers (section 6).

use serde_json::json;
use wirechat::{add_usage, build_arguments, canonical, decode, parse_arguments, TokenUsage};

#[test]
fn usage_counts_add_and_an_absent_count_stays_absent_only_when_absent_on_both() {
    let a: TokenUsage =
        decode(br#"{"input_tokens":1,"output_tokens":2,"total_tokens":3,"cache_read_input_tokens":4}"#).unwrap();
    let b: TokenUsage = decode(br#"{"input_tokens":10,"output_tokens":20,"total_tokens":99,"model":"m"}"#).unwrap();
    let sum = add_usage(&a, &b);
    assert_eq!(
        canonical(&sum).unwrap(),
        r#"{"cache_read_input_tokens":4,"input_tokens":11,"model":"m","output_tokens":22,"total_tokens":102}"#
    );
}

#[test]
fn blank_arguments_read_as_no_arguments_and_anything_but_an_object_is_refused() {
    assert_eq!(parse_arguments(" \n").unwrap(), json!({}));
    assert_eq!(parse_arguments(r#"{"a":[1,"x"]}"#).unwrap(), json!({"a": [1, "x"]}));
    for bad in [
        "[1]",
        "\"s\"",
        "{\"a\":1",
        "{\"a\":1,\"a\":2}",
        "{\"n\":9007199254740993}",
        "\u{feff}",
    ] {
        let error = parse_arguments(bad).unwrap_err();
        assert!(
            error.to_string().starts_with("tool arguments: not a JSON object"),
            "{bad}: {error}"
        );
    }
}

#[test]
fn built_arguments_are_one_object_with_safe_numbers() {
    // decision 036's one text: ECMAScript numbers, minimal escapes
    let value: serde_json::Value =
        serde_json::from_str(r#"{"a":1.0,"b":1e21,"c":0.00001,"d":"\/\u001f","e":-0.0}"#).unwrap();
    assert_eq!(
        build_arguments(&value).unwrap(),
        r#"{"a":1,"b":1e+21,"c":0.00001,"d":"/\u001f","e":0}"#
    );
    assert_eq!(
        build_arguments(&json!({"city": "Zürich"})).unwrap(),
        r#"{"city":"Zürich"}"#
    );
    assert!(build_arguments(&json!([1])).is_err());
    assert!(build_arguments(&json!({"n": 9007199254740993u64})).is_err());
}
