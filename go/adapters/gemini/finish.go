package gemini

// Gemini finishReason values (STOP, MAX_TOKENS, SAFETY, ...) to canonical ones and back; the table lives in
// the manifest. Gemini has no tool-call reason: a function call ends with STOP, kind stop. A reason sent as
// an enum number reads as its name (rawName); the number itself stays in the candidate's
// provider_metadata, which a reply is written back with.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// finishNumbers are the enum numbers of a finish reason where the Gemini API's and Vertex AI's enums agree.
var finishNumbers = map[int64]string{0: "FINISH_REASON_UNSPECIFIED", 1: "STOP", 2: "MAX_TOKENS", 3: "SAFETY", 4: "RECITATION", 5: "OTHER"}

// rawName is a candidate's finishReason as Gemini names it (nil: none, or a number with no name here).
func rawName(value any) *string {
	if s, ok := value.(string); ok {
		return &s
	}
	if n, ok := shared.IntValue(value); ok {
		if name, ok := finishNumbers[n]; ok {
			return &name
		}
	}
	return nil
}

// DecodeFinish is the canonical finish reason for a provider value (nil: the provider gave none).
func DecodeFinish(raw *string, hasToolCalls bool) wirechat.FinishReason {
	return shared.DecodeFinish(raw, Manifest, hasToolCalls)
}

func encodeFinish(reason wirechat.FinishReason, conv *shared.Conversion) string {
	return shared.EncodeFinish(reason, Manifest, conv, "/finish_reason")
}
