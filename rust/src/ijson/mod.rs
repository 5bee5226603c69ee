//! The I-JSON scan (spec sections 2 and 5.1): one pass over the text that decides whether it is an
//! I-JSON document under wirechat's rules, building nothing. The strict and tolerant readers run it
//! first; the Python extension (`native/`, `wirechat_native.scan`) is a binding of this same code.

pub mod fault;
mod numbers;
pub mod scan;
mod text;
