package querymt

// QueryMT's thinking member (decision 044): the plain reasoning text of an assistant message or a reply,
// which QueryMT keeps both ways (ChatMessage.thinking, ExtismChatResponse.thinking), as Python's
// querymt/thinking.py. A message has one thinking text, read back before its content; so a message's
// plain reasoning parts are joined into it (reasoning.text_merged unless there was exactly one, with text
// and no issuer, before the message's text and tool calls), and signed reasoning follows the replay rule
// (dropped with its feature's warning: QueryMT has no signatures).

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

type placedReasoning struct {
	reasoning wirechat.Reasoning
	where     string
}

// thinking collects the plain reasoning parts of one message.
type thinking struct {
	conv  *shared.Conversion
	texts []placedReasoning
	moved bool
}

// take takes a reasoning part; afterContent when a text or tool call came before it.
func (t *thinking) take(part *wirechat.ReasoningPart, where string, afterContent bool) {
	feature := shared.ReasoningFeature(part.Reasoning, Provider) // the replay rule as every adapter reads it
	if feature != "reasoning.text" {
		t.conv.Degrade(feature, where)
		return
	}
	t.moved = t.moved || afterContent
	t.texts = append(t.texts, placedReasoning{part.Reasoning, where})
}

// text is the thinking text (nil for none), after the warning a merge owes.
func (t *thinking) text() any {
	if len(t.texts) == 0 {
		return nil
	}
	joined := ""
	for _, placed := range t.texts {
		joined += shared.Deref(placed.reasoning.Text)
	}
	if len(t.texts) != 1 || joined == "" || t.texts[0].reasoning.Issuer != nil || t.moved {
		t.conv.Degrade("reasoning.text_merged", t.texts[0].where)
	}
	if joined == "" {
		return nil
	}
	return joined
}
