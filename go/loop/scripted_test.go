package loop_test

// A model answering in process from a script, by the number of turns the conversation already holds, so
// that a re-asked turn gets the same answer (what a process that resumes a checkpoint needs).

import (
	"context"
	"fmt"

	"github.com/wirechat/wirechat/go/wirechat"
)

type scriptedModel struct {
	turns []wirechat.ChatResponse
	tick  func(event string) // called before and after each turn; may be nil
	sent  []wirechat.ChatRequest
}

func (m *scriptedModel) Chat(_ context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	turn := 0
	for _, message := range request.Messages {
		if message.Role == wirechat.RoleAssistant {
			turn++
		}
	}
	if m.tick != nil {
		m.tick(fmt.Sprintf("before turn %d", turn))
	}
	m.sent = append(m.sent, request)
	if turn >= len(m.turns) {
		return wirechat.ChatResponse{}, fmt.Errorf("the script has %d turns; turn %d was asked", len(m.turns), turn)
	}
	if m.tick != nil {
		m.tick(fmt.Sprintf("after turn %d", turn))
	}
	return m.turns[turn], nil
}

func usage(input, output int64) *wirechat.TokenUsage {
	return &wirechat.TokenUsage{InputTokens: input, OutputTokens: output, TotalTokens: input + output}
}

func callsResponse(calls ...wirechat.ToolCall) wirechat.ChatResponse {
	return wirechat.ChatResponse{Message: wirechat.ToolCallMessage(calls...),
		FinishReason: wirechat.FinishReason{Kind: wirechat.FinishKindToolCalls}, Usage: usage(10, 5)}
}

func textResponse(text string) wirechat.ChatResponse {
	return wirechat.ChatResponse{Message: wirechat.TextMessage(wirechat.RoleAssistant, text),
		FinishReason: wirechat.FinishReason{Kind: wirechat.FinishKindStop}, Usage: usage(20, 7)}
}

func toolCall(id, name, arguments string) wirechat.ToolCall {
	return wirechat.ToolCall{ID: id, Name: name, Arguments: arguments}
}

func fmtType(v any) string { return fmt.Sprintf("%T", v) }
