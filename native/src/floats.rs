//! Whether a msgpack text may hold a NaN or an infinity: `wirechat.fast.encode` asks when the JSON it
//! wrote holds a `null` (msgspec writes NaN and infinities as `null`), before walking the value in Python.
//!
//! msgspec writes every Python float as a msgpack float 64: the byte 0xCB, then the double big-endian. A
//! NaN or an infinity has all eleven exponent bits set: its first byte is 0x7F or 0xFF and its second at
//! least 0xF0. Any such three bytes count, even inside a string: a false alarm costs only the walk.

/// Whether `msgpack` holds 0xCB followed by the first two bytes of a non-finite double.
pub fn may_hold_nonfinite(msgpack: &[u8]) -> bool {
    msgpack
        .windows(3)
        .any(|w| w[0] == 0xCB && (w[1] & 0x7F) == 0x7F && w[2] >= 0xF0)
}
