package gomodel

// Errors for the go-model format. The SDK defines no error type of its own and speaks no HTTP; a failure
// stored beside its messages is {"error": message} (or {"error": {"message": ...}}). Decoding takes the
// kind from the status when there is one (the generated status table, else provider from 500 up and
// invalid_request below), provider otherwise; encoding writes the message and the status.

import (
	"net/http"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

var errorTables = tables.GoModel.Errors

// errorMessage is the message of a stored failure, "" when the body has none.
func errorMessage(body []byte) string {
	parsed := shared.ParseBody(body)
	value := parsed.Get("error")
	if detail, ok := value.(*providerjson.Object); ok {
		value = detail.Get("message")
	}
	message, _ := value.(string)
	return message
}

// DecodeError is the canonical error for a stored failure (status 0: none); it never fails.
func DecodeError(status int, _ http.Header, body []byte) wirechat.Error {
	kind := wirechat.ErrorKindProvider
	if status != 0 {
		var ok bool
		if kind, ok = errorTables.KindOfStatus[status]; !ok {
			kind = wirechat.ErrorKindInvalidRequest
			if status >= 500 {
				kind = wirechat.ErrorKindProvider
			}
		}
	}
	out := wirechat.Error{Kind: kind, Retryable: statustable.RetryableKinds[kind], Message: errorMessage(body)}
	if out.Message == "" {
		out.Message = "the error body has no message"
		if status != 0 {
			out.Message = "HTTP " + strconv.Itoa(status)
		}
	}
	if status >= 100 && status <= 599 {
		out.Status = shared.Ptr(int64(status))
	}
	return out
}

// EncodeError is the status and the {"error": message} document for a canonical error.
func EncodeError(failure wirechat.Error) (int, *providerjson.Object) {
	status := errorTables.DefaultStatus
	if failure.Status != nil {
		status = int(*failure.Status)
	} else if known, ok := errorTables.StatusOfKind[failure.Kind]; ok {
		status = known
	}
	return status, providerjson.NewObject().Set("error", failure.Message)
}
