//! wirechat for Rust: the wire types of `schema/v1` as serde types (generated into `generated/` by
//! `wirechat codegen`; never edit them by hand).

pub mod generated;

pub use generated::*;
