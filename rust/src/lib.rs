//! wirechat for Rust: the wire types of `schema/v1` as serde types (generated into `generated/` by
//! `wirechat codegen`; never edit them by hand), the strict reader and the canonical writer, the
//! tolerant reader, the stream fold, the MCP mappings and the tool loop's helpers and checks.
//!
//! ```
//! let message: wirechat::Message = wirechat::decode(br#"{"role":"user","parts":[{"type":"text","text":"hi"}]}"#).unwrap();
//! assert_eq!(wirechat::canonical(&message).unwrap(), r#"{"parts":[{"text":"hi","type":"text"}],"role":"user"}"#);
//! let error = wirechat::decode::<wirechat::Message>(br#"{"role":"robot","parts":[]}"#).unwrap_err();
//! assert_eq!((error.problems[0].pointer.as_str(), error.problems[0].rule), ("/role", "enum"));
//! ```

pub mod base64;
pub mod canonical;
pub mod checker;
mod codec;
pub mod fold;
#[rustfmt::skip] // written by `wirechat codegen`, checked for drift there
pub mod generated;
mod helpers;
pub mod ijson;
pub mod mcp;
mod mcp_results;
pub mod node;
pub mod pattern;
pub mod problem;
mod text_fault;
pub mod tolerant;
pub mod tool_loop;

pub use canonical::canonical_json;
pub use codec::{canonical, decode, decode_by_name, decode_by_name_limited, decode_limited, encode, WireType};
pub use fold::{fold, StreamError, StreamErrorKind, StreamFold};
pub use generated::*;
pub use helpers::{add_usage, build_arguments, parse_arguments, ArgumentsError};
pub use problem::{Problem, WireError};
pub use tolerant::{
    decode_tolerant, decode_tolerant_by_name, decode_tolerant_limited, restore, RestoreError, Tolerant, Unknown,
    UnknownKind,
};
pub use tool_loop::{
    check_tool_loop_state, check_tool_result, find_tool_call, find_tool_result, merge_consecutive, Found,
};

/// serde: an optional free-form member that is present is `Some`, even when its JSON value is `null`
/// (serde's default reads a present `null` into `None`, which would drop it). Used by the generated types.
#[doc(hidden)]
pub fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<serde_json::Value>, D::Error> {
    <serde_json::Value as serde::Deserialize>::deserialize(deserializer).map(Some)
}
