// Package loop is the tool loop (spec section 14) in Go, with the semantics and names of Python's
// wirechat.tools: tools made from Go functions with a typed argument struct (NewTool: the JSON Schema
// comes from github.com/invopop/jsonschema, the arguments are validated against it before the call),
// policies (Execute, RequireApproval, Schedule, Reject, or a PolicyFunc of the call), Run, Stream (an
// iter.Seq2 of wire LoopEvents: every model turn's stream events, tool_results, step_finished, then paused
// or loop_finished, as Python and TypeScript stream them; WithEvents gives Run the same) and Resume after
// Approve / RejectDecision decisions (FromWire turns a UI's wire ToolLoopDecision into one), max steps,
// and save and load of the wire ToolLoopState, which any language resumes.
//
// Exactly-once (decision 033, here decision 038): before a round of calls runs, each gets a provisional
// failed result saying its outcome is unknown, and that state goes to the checkpoint; the real results
// replace them and that state is saved too. Every error out of Run, Stream and Resume is a *LoopError
// carrying the state after the tools it ran, so resuming it runs no tool twice. Each tool receives the
// call's id as an idempotency key (CallFrom(ctx)). Resume re-applies the policies to every decision the
// state claims (a hand-edited approval never runs a tool).
package loop
