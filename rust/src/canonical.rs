//! RFC 8785 (JCS) canonical form of a JSON value (spec section 4): members sorted by UTF-16 code units,
//! ECMAScript number formatting, minimal string escapes, no whitespace.

use serde_json::Value;

/// The canonical text of `value`.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, true);
    out
}

/// `value` compact, members in the map's own order, strings and numbers as RFC 8785 writes them: the one
/// text of tool arguments built from an object (spec section 6, decision 036).
pub fn compact_json(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, false);
    out
}

fn write_value(out: &mut String, value: &Value, sort: bool) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => out.push_str(&i.to_string()),
            (None, Some(u)) => out.push_str(&u.to_string()),
            _ => out.push_str(&format_number(n.as_f64().unwrap_or(0.0))),
        },
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item, sort);
            }
            out.push(']');
        }
        Value::Object(members) => {
            let mut sorted: Vec<(Vec<u16>, &String, &Value)> = members
                .iter()
                .map(|(k, v)| (k.encode_utf16().collect(), k, v))
                .collect();
            if sort {
                sorted.sort_by(|a, b| a.0.cmp(&b.0));
            }
            out.push('{');
            for (i, (_, name, item)) in sorted.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, name);
                out.push(':');
                write_value(out, item, sort);
            }
            out.push('}');
        }
    }
}

/// A string with JCS's escapes: `\"`, `\\`, the short escapes, `\u00xx` for other controls.
pub fn write_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// ECMAScript's Number::toString for a finite double (RFC 8785 section 3.2.2.3).
pub fn format_number(value: f64) -> String {
    if value == 0.0 {
        return "0".to_owned();
    }
    let sign = if value < 0.0 { "-" } else { "" };
    // Rust's `{:e}` gives the shortest digits that read back as the same double: "1.2345e-7"
    let written = format!("{:e}", value.abs());
    let (mantissa, exponent) = written.split_once('e').unwrap_or((&written, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = digits.len() as i32;
    let n = exponent.parse::<i32>().unwrap_or(0) + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let exp = if e < 0 { format!("-{}", -e) } else { format!("+{e}") };
        if k == 1 {
            format!("{digits}e{exp}")
        } else {
            format!("{}.{}e{exp}", &digits[..1], &digits[1..])
        }
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::{canonical_json, format_number};

    #[test]
    fn numbers_print_as_ecmascript_prints_them() {
        let cases = [
            (1.0, "1"),
            (-0.0, "0"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (0.1, "0.1"),
            (1.5e-7, "1.5e-7"),
            (0.000001, "0.000001"),
            (123.456, "123.456"),
            (-5e-324, "-5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (4.5, "4.5"),
            (2e-7, "2e-7"),
        ];
        for (value, text) in cases {
            assert_eq!(format_number(value), text, "{value:?}");
        }
    }

    #[test]
    fn members_sort_by_utf16_code_units() {
        let value: serde_json::Value =
            serde_json::from_str(r#"{"\ud83d\ude00":1,"\ufb01":2,"b":[1.0,"\u0001"],"a":null}"#).unwrap();
        assert_eq!(
            canonical_json(&value),
            "{\"a\":null,\"b\":[1,\"\\u0001\"],\"\u{1F600}\":1,\"\u{FB01}\":2}"
        );
    }
}
