// Package codec is the hand-written runtime under the generated wirechat types (package wire).
//
// It holds what every generated decoder, validator and encoder shares:
//   - Decoder: a one-pass JSON reader that applies the I-JSON rules of the spec (schema/README.md,
//     section 2) while it decodes, and tracks the JSON pointer of every value, so that each problem
//     names where it is. encoding/json would keep the last of two duplicate members and turn lone
//     surrogates into U+FFFD without a word; this reader reports both.
//   - Checker: the path-tracking problem collector behind the generated Validate methods.
//   - the constraint checks (bounds, lengths, patterns, item counts, enums) that decoding and
//     validation both call, so that a value is judged the same way however it was made;
//   - Writer: the compact JSON writer behind Encode and MarshalJSON.
//
// Everything here is stdlib only. Nothing here knows a wire type: the generated code drives it.
package codec
