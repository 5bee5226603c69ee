//! The schema's valid examples read with the generated serde types and written back hold the same JSON
//! value (numbers compared as doubles: serde writes an `f64` member `1` as `1.0`).

use std::path::Path;

use serde_json::Value;

fn as_doubles(value: Value) -> Value {
    match value {
        Value::Number(n) => serde_json::json!(n.as_f64().expect("a finite number")),
        Value::Array(items) => Value::Array(items.into_iter().map(as_doubles).collect()),
        Value::Object(members) => Value::Object(members.into_iter().map(|(k, v)| (k, as_doubles(v))).collect()),
        other => other,
    }
}

#[test]
fn every_valid_example_round_trips_through_serde() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../schema/v1/examples");
    let mut count = 0;
    for entry in std::fs::read_dir(&examples).unwrap() {
        let folder = entry.unwrap().path();
        let name = folder.file_name().unwrap().to_str().unwrap().to_owned();
        let Ok(files) = std::fs::read_dir(folder.join("valid")) else {
            continue;
        };
        for file in files {
            let path = file.unwrap().path();
            let value: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            let written = wirechat::reencode_by_name(&name, value.clone())
                .unwrap_or_else(|| panic!("no wire type {name}"))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(as_doubles(written), as_doubles(value), "{}", path.display());
            count += 1;
        }
    }
    assert!(count > 50, "only {count} examples");
}

#[test]
fn an_unknown_member_and_an_unknown_tag_are_refused_by_serde() {
    let unknown_member = serde_json::json!({"role": "user", "parts": [], "colour": "red"});
    assert!(wirechat::reencode_by_name("Message", unknown_member).unwrap().is_err());
    let unknown_tag = serde_json::json!({"type": "smell", "text": "x"});
    assert!(wirechat::reencode_by_name("Part", unknown_tag).unwrap().is_err());
}
