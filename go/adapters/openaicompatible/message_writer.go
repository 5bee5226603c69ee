package openaicompatible

// What an OpenAI-compatible server's assistant message carries beyond OpenAI's, written from canonical
// parts: the openaichat.PartSink its adapter hands openaichat's encoders, for requests and replies.
// Reasoning goes to the reasoningWriter, the tools the server ran to the toolsWriter (profiles whose server
// runs tools); any other provider-run part goes the Chat Completions way (dropped with its warning).

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

type messageWriter struct {
	reasoning *reasoningWriter
	tools     *toolsWriter
}

func newMessageWriter(profile *Profile, conv *shared.Conversion, reply bool, field string) *messageWriter {
	w := &messageWriter{reasoning: newReasoningWriter(profile, conv, reply, field)}
	if profile.ExecutedTools {
		w.tools = &toolsWriter{profile: profile, conv: conv, reply: reply}
	}
	return w
}

// Take implements openaichat.PartSink.
func (w *messageWriter) Take(part wirechat.Part, where string) (bool, error) {
	if reasoning, ok := part.(*wirechat.ReasoningPart); ok {
		w.reasoning.take(reasoning, where)
		return true, nil
	}
	if w.tools == nil {
		return false, nil
	}
	return true, w.tools.take(part, where)
}

// Members implements openaichat.PartSink.
func (w *messageWriter) Members() *obj {
	out := w.reasoning.members()
	if w.tools != nil {
		members := w.tools.members()
		for _, key := range members.Keys() {
			out.Set(key, members.Get(key))
		}
	}
	return out
}
