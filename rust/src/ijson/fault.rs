//! What the scan reports: the rule broken (the spec's rule words, section 5) and where, and the UTF-8
//! fault of a text (section 5.1: the text is checked as UTF-8 before it is parsed, so it wins).

/// A rule of spec section 2 the text breaks (the spec's rule names, see `Fault::rule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    Bom,
    Utf8,
    Syntax,
    DuplicateKey,
    LoneSurrogate,
    NumberOverflow,
    UnsafeInteger,
    Depth,
    /// A member the caller said the root object must have (a union variant's tag) is absent.
    MissingMember,
    /// A `null` literal, reported (last, when nothing else is wrong) only when the caller asks.
    Null,
}

impl Fault {
    /// The spec's rule word (section 5), or `required` for a missing root member.
    pub fn rule(self) -> &'static str {
        match self {
            Fault::Bom => "bom",
            Fault::Utf8 => "utf8",
            Fault::Syntax => "syntax",
            Fault::DuplicateKey => "duplicate-key",
            Fault::LoneSurrogate => "lone-surrogate",
            Fault::NumberOverflow => "number-overflow",
            Fault::UnsafeInteger => "unsafe-integer",
            Fault::Depth => "depth",
            Fault::MissingMember => "required",
            Fault::Null => "null",
        }
    }
}

/// Where the scan stopped and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanError {
    pub fault: Fault,
    pub offset: usize,
}

/// The first ill-formed UTF-8 sequence of `text`, as the fault section 5.1 gives it.
pub fn utf8_fault(text: &[u8]) -> Option<ScanError> {
    let error = std::str::from_utf8(text).err()?;
    let at = error.valid_up_to();
    let surrogate = text[at] == 0xED && text.get(at + 1).is_some_and(|b| (0xA0..=0xBF).contains(b));
    let fault = if surrogate { Fault::LoneSurrogate } else { Fault::Utf8 };
    Some(ScanError { fault, offset: at })
}
