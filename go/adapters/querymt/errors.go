package querymt

// QueryMT plugin errors to canonical Error and back. A failing export sets the Extism error to a
// PluginError JSON, adjacently tagged (interface.rs): {"kind": "Auth", "data": "message"},
// {"kind": "RateLimited", "data": {"message", "retry_after_secs"}}, {"kind": "Cancelled"}. A plain string
// (a plugin that does not use QueryMT's helpers) is kept whole as the message of a provider error. There is
// no HTTP status on this path (status 0); the status errorBody's caller gives is nominal, for a server that
// fronts a plugin.

import (
	"net/http"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

var errorTables = tables.Querymt.Errors

// DecodeError is the canonical error for a plugin's error text (status 0: none, the plugin path).
func DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	parsed := shared.ParseBody(body)
	variant, _ := parsed.Get("kind").(string)
	kind, known := errorTables.KindOf["type"][variant]
	if !known {
		kind = wirechat.ErrorKindProvider
		if status != 0 {
			kind = statustable.KindForStatus(status)
		}
		message := string(body)
		if message == "" {
			message = "the plugin failed without a message"
		}
		return shared.BuildError(shared.ErrorFields{Kind: kind, Message: message, Status: status, Headers: headers, Provider: Provider})
	}
	message := ""
	out := http.Header{}
	for key, values := range headers {
		out[key] = values
	}
	switch data := parsed.Get("data").(type) {
	case string:
		message = data
	case *obj:
		message, _ = data.Get("message").(string)
		if seconds, ok := shared.IntValue(data.Get("retry_after_secs")); ok && seconds >= 0 {
			out.Set("retry-after", strconv.FormatInt(seconds, 10))
		}
	}
	if message == "" {
		message = variant
	}
	return shared.BuildError(shared.ErrorFields{
		Kind: kind, Message: message, Status: status, Headers: out, ProviderCode: variant, Provider: Provider,
	})
}

// errorBody is the PluginError JSON a QueryMT plugin returns for a canonical error.
func errorBody(failure wirechat.Error) *obj {
	variant, ok := errorTables.TypeOfKind[failure.Kind]
	if !ok {
		variant = errorTables.DefaultType
	}
	switch variant {
	case "Cancelled":
		return newObj().Set("kind", "Cancelled")
	case "RateLimited":
		var wait any
		if failure.RetryAfterMs != nil {
			wait = (*failure.RetryAfterMs + 999) / 1000
		}
		return newObj().Set("kind", variant).Set("data", newObj().Set("message", failure.Message).Set("retry_after_secs", wait))
	}
	return newObj().Set("kind", variant).Set("data", failure.Message)
}

// EncodeError is a nominal status and the PluginError JSON for a canonical error, as Python's encode_error.
func EncodeError(failure wirechat.Error) (int, *obj) {
	body := errorBody(failure)
	if failure.Status != nil {
		return int(*failure.Status), body
	}
	variant, _ := body.Get("kind").(string)
	if status, ok := errorTables.StatusOfType[variant]; ok {
		return status, body
	}
	return errorTables.DefaultStatus, body
}
