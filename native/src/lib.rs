//! wirechat_native: the checks `wirechat.fast` runs on JSON text without building Python objects.
//!
//! - `scan(data, root_members=())`: the I-JSON rules of spec section 2 over the whole document
//!   (`wirechat::ijson::scan`, in the Rust crate `rust/`); `None` when the text passes, else
//!   `(rule, offset)`.
//! - `is_base64(text)`: the schema's strict base64 pattern (`wirechat::base64`).
//! - `may_hold_nonfinite(msgpack)`: whether msgspec's msgpack of a value may hold NaN or infinity
//!   (see `floats.rs`).
//!
//! The Rust functions are usable without Python (`cargo test` runs them so); the Python module is built
//! with the `python` feature (maturin turns it on).

pub mod floats;
pub use wirechat::base64;
pub use wirechat::ijson::{fault, scan};

#[cfg(feature = "python")]
mod python {
    use pyo3::prelude::*;
    use pyo3::types::PyBytes;

    /// Scan JSON text (bytes) for the I-JSON rules of spec section 2, building no objects.
    ///
    /// Returns None when the text is one I-JSON value under wirechat's rules, else ``(rule, offset)``:
    /// the spec's rule word (``duplicate-key``, ``lone-surrogate``, ``unsafe-integer`` ...) and the byte
    /// offset where the scan stopped. ``root_members``: names the root object must have (a variant's tag);
    /// when one is missing the rule is ``required``. ``report_null``: a text with no fault that holds a
    /// ``null`` literal gives ``("null", offset of the first)``.
    #[pyfunction]
    #[pyo3(signature = (data, root_members = Vec::new(), report_null = false))]
    fn scan(
        py: Python<'_>,
        data: &Bound<'_, PyBytes>,
        root_members: Vec<String>,
        report_null: bool,
    ) -> Option<(&'static str, usize)> {
        let text = data.as_bytes();
        let wanted: Vec<&[u8]> = root_members.iter().map(|name| name.as_bytes()).collect();
        let outcome = if text.len() > 1 << 20 {
            // a large document: other Python threads may run meanwhile (the bytes are immutable)
            py.detach(|| crate::scan::scan_with(text, &wanted, report_null))
        } else {
            crate::scan::scan_with(text, &wanted, report_null)
        };
        outcome
            .err()
            .map(|error| (error.fault.rule(), error.offset))
    }

    /// Whether ``text`` matches the schema's base64 pattern ``^[A-Za-z0-9+/]*={0,2}$`` (``$`` = end).
    #[pyfunction]
    fn is_base64(text: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(bytes) = text.cast::<PyBytes>() {
            return Ok(crate::base64::is_base64(bytes.as_bytes()));
        }
        // a str with a lone surrogate cannot be UTF-8: it is not base64 either
        match text.extract::<&str>() {
            Ok(text) => Ok(crate::base64::is_base64(text.as_bytes())),
            Err(_) if text.is_instance_of::<pyo3::types::PyString>() => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// Whether msgspec's msgpack bytes may hold a NaN or an infinity (false alarms possible, misses not).
    #[pyfunction]
    fn may_hold_nonfinite(data: &Bound<'_, PyBytes>) -> bool {
        crate::floats::may_hold_nonfinite(data.as_bytes())
    }

    #[pymodule]
    fn wirechat_native(module: &Bound<'_, PyModule>) -> PyResult<()> {
        module.add_function(wrap_pyfunction!(scan, module)?)?;
        module.add_function(wrap_pyfunction!(is_base64, module)?)?;
        module.add_function(wrap_pyfunction!(may_hold_nonfinite, module)?)?;
        module.add("MAX_DEPTH", crate::scan::MAX_DEPTH)?;
        Ok(())
    }
}
