//! Fold a stream of events into the response it stands for (the fold law, spec section 9).
//!
//! `StreamFold` takes events one at a time, checks that the stream is well formed (each index started
//! once, deltas between its start and end, nothing after finish or error) and keeps what arrived, so that
//! a failed or cut stream still yields its partial message and usage. `fold` is the one-call form. The
//! verdicts, and the partial message and usage a failure carries, are those of the Python, TypeScript and
//! Go packages (the conformance suite's fold cases hold all four to them).
//!
//! ```
//! use wirechat::{decode, fold, StreamEvent};
//! let events: Vec<StreamEvent> = [
//!     r#"{"type":"text_start","index":0}"#,
//!     r#"{"type":"text_delta","index":0,"text":"Hel"}"#,
//!     r#"{"type":"text_delta","index":0,"text":"lo"}"#,
//!     r#"{"type":"text_end","index":0}"#,
//!     r#"{"type":"finish","finish_reason":{"kind":"stop"}}"#,
//! ].iter().map(|line| decode(line.as_bytes()).unwrap()).collect();
//! let response = fold(&events).unwrap();
//! assert_eq!(wirechat::canonical(&response.message).unwrap(),
//!            r#"{"parts":[{"text":"Hello","type":"text"}],"role":"assistant"}"#);
//! ```

use std::collections::BTreeMap;
use std::fmt;

use crate::generated::{
    ChatResponse, Citation, Error, FinishEvent, Message, Part, ProviderMetadata, Reasoning, ReasoningPart, Role,
    StartEvent, StreamEvent, TextPart, TokenUsage, ToolCall, ToolCallPart,
};

/// The three ways a stream fails to fold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamErrorKind {
    /// The events break the stream rules (an index started twice, a delta with no start, an event after
    /// finish, parts left open, a gap in the indices ...).
    Malformed,
    /// The stream ended without a finish event.
    Incomplete,
    /// The stream ended with an error event (`StreamError::failure` holds its `Error`).
    Failed,
}

impl StreamErrorKind {
    /// The kind as the conformance suite and the other languages name it.
    pub fn as_str(self) -> &'static str {
        match self {
            StreamErrorKind::Malformed => "malformed",
            StreamErrorKind::Incomplete => "incomplete",
            StreamErrorKind::Failed => "failed",
        }
    }
}

/// A stream that does not fold to a response: why, the message as far as it arrived (its parts in index
/// order) and the last usage reported, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct StreamError {
    pub kind: StreamErrorKind,
    pub reason: String,
    pub partial: Message,
    pub usage: Option<TokenUsage>,
    /// The error event's `Error`, for `StreamErrorKind::Failed`.
    pub failure: Option<Error>,
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            StreamErrorKind::Malformed => "malformed stream",
            StreamErrorKind::Incomplete => "incomplete stream",
            StreamErrorKind::Failed => "stream failed",
        };
        write!(f, "wirechat: {kind}: {}", self.reason)
    }
}

impl std::error::Error for StreamError {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Reasoning,
    ToolCall,
    Whole,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Reasoning => "reasoning",
            Kind::ToolCall => "tool_call",
            Kind::Whole => "part",
        }
    }
}

/// A part being assembled from its events.
#[derive(Debug, Clone)]
struct Pending {
    kind: Kind,
    ended: bool,
    fragments: String,
    has_text: bool,
    signature: String,
    issuer: Option<String>,
    redacted: Option<String>,
    id: String,
    name: String,
    metadata: Option<ProviderMetadata>,
    citations: Option<Vec<Citation>>,
    whole: Option<Part>,
}

impl Pending {
    fn new(kind: Kind) -> Pending {
        Pending {
            kind,
            ended: false,
            fragments: String::new(),
            has_text: false,
            signature: String::new(),
            issuer: None,
            redacted: None,
            id: String::new(),
            name: String::new(),
            metadata: None,
            citations: None,
            whole: None,
        }
    }

    fn build(&self) -> Part {
        let provider_metadata = self.metadata.clone();
        match self.kind {
            Kind::Text => Part::Text(TextPart {
                text: self.fragments.clone(),
                citations: self.citations.clone(),
                provider_metadata,
            }),
            Kind::Reasoning => Part::Reasoning(ReasoningPart {
                reasoning: Reasoning {
                    text: self.has_text.then(|| self.fragments.clone()),
                    // spec section 9: an empty signature is no signature
                    signature: (!self.signature.is_empty()).then(|| self.signature.clone()),
                    redacted_data: self.redacted.clone(),
                    issuer: self.issuer.clone(),
                },
                provider_metadata,
            }),
            Kind::ToolCall => Part::ToolCall(ToolCallPart {
                tool_call: ToolCall {
                    id: self.id.clone(),
                    name: self.name.clone(),
                    arguments: self.fragments.clone(),
                },
                provider_metadata,
            }),
            Kind::Whole => self.whole.clone().expect("a part event holds its part"),
        }
    }
}

/// Accumulates stream events; `response` gives the folded `ChatResponse`. Errors are boxed (a
/// `StreamError` holds a whole message).
#[derive(Debug, Clone, Default)]
pub struct StreamFold {
    parts: BTreeMap<i64, Pending>,
    usage: Option<TokenUsage>,
    start: Option<StartEvent>,
    finish: Option<FinishEvent>,
    failed: Option<Error>,
    count: usize,
}

impl StreamFold {
    pub fn new() -> StreamFold {
        StreamFold::default()
    }

    /// The usage reported so far (the last usage event).
    pub fn usage(&self) -> Option<&TokenUsage> {
        self.usage.as_ref()
    }

    /// The message as far as it arrived: the parts received so far, in index order.
    pub fn partial(&self) -> Message {
        Message {
            role: Role::Assistant,
            parts: self.parts.values().map(Pending::build).collect(),
            name: None,
            id: None,
            provider_metadata: None,
        }
    }

    fn fail(&self, reason: String) -> Box<StreamError> {
        Box::new(StreamError {
            kind: StreamErrorKind::Malformed,
            reason: format!("event {}: {reason}", self.count),
            partial: self.partial(),
            usage: self.usage.clone(),
            failure: None,
        })
    }

    fn open(&mut self, index: i64, kind: Kind) -> Result<&mut Pending, Box<StreamError>> {
        if self.parts.contains_key(&index) {
            return Err(self.fail(format!("index {index} is started twice")));
        }
        Ok(self.parts.entry(index).or_insert_with(|| Pending::new(kind)))
    }

    fn get(&mut self, index: i64, kind: Kind, what: &str) -> Result<&mut Pending, Box<StreamError>> {
        let problem = match self.parts.get(&index) {
            None => Some(format!("{what} for index {index}, which was never started")),
            Some(pending) if pending.kind != kind => Some(format!(
                "{what} for index {index}, which is a {} part",
                pending.kind.as_str()
            )),
            Some(pending) if pending.ended => Some(format!("{what} for index {index}, which has already ended")),
            Some(_) => None,
        };
        match problem {
            Some(reason) => Err(self.fail(reason)),
            None => Ok(self.parts.get_mut(&index).expect("checked above")),
        }
    }

    fn end(
        &mut self,
        index: i64,
        kind: Kind,
        what: &str,
        metadata: &Option<ProviderMetadata>,
    ) -> Result<&mut Pending, Box<StreamError>> {
        let pending = self.get(index, kind, what)?;
        pending.ended = true;
        if metadata.is_some() {
            pending.metadata = metadata.clone();
        }
        Ok(pending)
    }

    /// Take the next event; a `Malformed` error when it breaks the stream rules.
    pub fn add(&mut self, event: &StreamEvent) -> Result<(), Box<StreamError>> {
        self.count += 1;
        if self.finish.is_some() {
            return Err(self.fail(format!("{} after the stream's finish", event_name(event))));
        }
        if self.failed.is_some() {
            return Err(self.fail(format!("{} after the stream's error", event_name(event))));
        }
        match event {
            StreamEvent::Start(e) => {
                if self.start.is_some() || !self.parts.is_empty() || self.usage.is_some() {
                    return Err(self.fail("start must come first, and once".to_owned()));
                }
                self.start = Some(e.clone());
            }
            StreamEvent::TextStart(e) => {
                self.open(e.index, Kind::Text)?;
            }
            StreamEvent::TextDelta(e) => self.get(e.index, Kind::Text, "text_delta")?.fragments.push_str(&e.text),
            StreamEvent::TextEnd(e) => {
                self.end(e.index, Kind::Text, "text_end", &e.provider_metadata)?
                    .citations = e.citations.clone();
            }
            StreamEvent::ReasoningStart(e) => {
                let pending = self.open(e.index, Kind::Reasoning)?;
                pending.issuer = e.issuer.clone();
                pending.redacted = e.redacted_data.clone();
            }
            StreamEvent::ReasoningDelta(e) => {
                let pending = self.get(e.index, Kind::Reasoning, "reasoning_delta")?;
                if let Some(text) = &e.text {
                    pending.has_text = true;
                    pending.fragments.push_str(text);
                }
                if let Some(signature) = &e.signature {
                    pending.signature.push_str(signature);
                }
            }
            StreamEvent::ReasoningEnd(e) => {
                self.end(e.index, Kind::Reasoning, "reasoning_end", &e.provider_metadata)?;
            }
            StreamEvent::ToolCallStart(e) => {
                let pending = self.open(e.index, Kind::ToolCall)?;
                pending.id = e.id.clone();
                pending.name = e.name.clone();
            }
            StreamEvent::ToolCallDelta(e) => {
                let pending = self.get(e.index, Kind::ToolCall, "tool_call_delta")?;
                pending.fragments.push_str(&e.arguments);
            }
            StreamEvent::ToolCallEnd(e) => {
                self.end(e.index, Kind::ToolCall, "tool_call_end", &e.provider_metadata)?;
            }
            StreamEvent::Part(e) => {
                let pending = self.open(e.index, Kind::Whole)?;
                pending.whole = Some(e.part.clone());
                pending.ended = true;
            }
            StreamEvent::Usage(e) => self.usage = Some(e.usage.clone()),
            StreamEvent::Finish(e) => self.finish = Some(e.clone()),
            StreamEvent::Error(e) => self.failed = Some(e.error.clone()),
        }
        Ok(())
    }

    /// The folded response, or why the stream does not fold: it failed (`Failed`), was cut before its
    /// finish (`Incomplete`) or is malformed (`Malformed`).
    pub fn response(&self) -> Result<ChatResponse, Box<StreamError>> {
        if let Some(failure) = &self.failed {
            return Err(Box::new(StreamError {
                kind: StreamErrorKind::Failed,
                reason: format!("{}: {}", failure.kind.as_str(), failure.message),
                partial: self.partial(),
                usage: self.usage.clone(),
                failure: Some(failure.clone()),
            }));
        }
        let Some(finish) = &self.finish else {
            return Err(Box::new(StreamError {
                kind: StreamErrorKind::Incomplete,
                reason: "the stream ended without a finish event".to_owned(),
                partial: self.partial(),
                usage: self.usage.clone(),
                failure: None,
            }));
        };
        let open: Vec<i64> = self
            .parts
            .iter()
            .filter(|(_, pending)| !pending.ended)
            .map(|(index, _)| *index)
            .collect();
        if !open.is_empty() {
            return Err(self.fail(format!("the stream finished with parts still open: indices {open:?}")));
        }
        let count = self.parts.len() as i64;
        if self.parts.keys().any(|&index| index < 0 || index >= count) {
            return Err(self.fail("part indices must be 0..n-1 without gaps".to_owned()));
        }
        let (id, model) = match &self.start {
            Some(start) => (start.id.clone(), start.model.clone()),
            None => (None, None),
        };
        Ok(ChatResponse {
            message: self.partial(),
            finish_reason: finish.finish_reason.clone(),
            usage: self.usage.clone(),
            id,
            model,
            provider_metadata: finish.provider_metadata.clone(),
        })
    }
}

fn event_name(event: &StreamEvent) -> &'static str {
    match event {
        StreamEvent::Start(_) => "start",
        StreamEvent::TextStart(_) => "text_start",
        StreamEvent::TextDelta(_) => "text_delta",
        StreamEvent::TextEnd(_) => "text_end",
        StreamEvent::ReasoningStart(_) => "reasoning_start",
        StreamEvent::ReasoningDelta(_) => "reasoning_delta",
        StreamEvent::ReasoningEnd(_) => "reasoning_end",
        StreamEvent::ToolCallStart(_) => "tool_call_start",
        StreamEvent::ToolCallDelta(_) => "tool_call_delta",
        StreamEvent::ToolCallEnd(_) => "tool_call_end",
        StreamEvent::Part(_) => "part",
        StreamEvent::Usage(_) => "usage",
        StreamEvent::Finish(_) => "finish",
        StreamEvent::Error(_) => "error",
    }
}

/// Fold a whole stream into its `ChatResponse` (spec section 9); on failure the error carries the partial
/// message and usage.
pub fn fold<'a>(events: impl IntoIterator<Item = &'a StreamEvent>) -> Result<ChatResponse, Box<StreamError>> {
    let mut folded = StreamFold::new();
    for event in events {
        folded.add(event)?;
    }
    folded.response()
}
