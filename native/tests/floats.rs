//! The msgpack check `wirechat.fast` runs after msgspec (the scanner's tests are in rust/tests/scan.rs).

#[test]
fn nonfinite_doubles_in_msgpack() {
    use wirechat_native::floats::may_hold_nonfinite;
    let double = |value: f64| [&[0xCBu8][..], &value.to_be_bytes()].concat();
    for value in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -f64::NAN] {
        assert!(
            may_hold_nonfinite(&[b"\x92\xa1x".as_slice(), &double(value)].concat()),
            "{value}"
        );
    }
    for value in [0.0, 1.5, f64::MAX, f64::MIN, 1e-300] {
        assert!(!may_hold_nonfinite(&double(value)), "{value}");
    }
}
