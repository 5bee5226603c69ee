package openaicompatible

// A reply holding a call Groq ran but without its block (made by hand, not read from Groq) has nothing to
// write back: Groq's profile inherits openai-chat's degraded provider_tool.unblocked, so the call is dropped
// with that warning. The first port refused it, which the manifest does not declare: Conversion.Refuse
// panicked.

import (
	"testing"

	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

func TestGroqReplyWithAnUnblockedRunCallDropsItWithItsWarning(t *testing.T) {
	stop := "stop"
	response := wirechat.ChatResponse{
		Message: wirechat.Message{Role: wirechat.RoleAssistant, Parts: []wirechat.Part{
			&wirechat.ProviderToolCallPart{ProviderToolCall: wirechat.ProviderToolCall{ID: "groq_executed_0", Name: "search", Issuer: "groq"}},
			&wirechat.TextPart{Text: "found it"},
		}},
		FinishReason: wirechat.FinishReason{Kind: wirechat.FinishKindStop, Raw: &stop},
	}
	body, warnings, err := encodeResponse(response, tables.OpenaiCompatible["groq"])
	if err != nil {
		t.Fatal(err)
	}
	if message := body.Get("choices").([]any)[0].(*obj).Obj("message"); message.Has(executed) {
		t.Fatalf("an entry was written without a block: %v", message.Get(executed))
	}
	if len(warnings) != 1 || warnings[0].Feature != "provider_tool.unblocked" || warnings[0].Where != "/message/parts/0/provider_tool_call" {
		t.Fatalf("warnings %v", warnings)
	}
}
