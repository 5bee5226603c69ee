package shared

// What every adapter binds the same way from its generated tables (go/internal/tables, decision 028): the
// auth headers and the flags that stream a request, as Python's ModuleAdapter does.

import (
	"net/http"
	"strings"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

// AuthHeaders are the headers of every request: {api_key} in each template replaced by the key.
func AuthHeaders(templates map[string]string) func(apiKey string) http.Header {
	return func(apiKey string) http.Header {
		headers := http.Header{}
		for name, value := range templates {
			headers.Set(name, strings.ReplaceAll(value, "{api_key}", apiKey))
		}
		return headers
	}
}

// StreamFlags copies a body and sets each member of streamBody (JSON text) on it, an object member merged
// into the body's own, in streamBody's order.
func StreamFlags(streamBody string) func(body *providerjson.Object) *providerjson.Object {
	flags, err := providerjson.ParseObject([]byte(streamBody))
	if err != nil {
		panic("the generated stream body is not a JSON object: " + err.Error())
	}
	return func(body *providerjson.Object) *providerjson.Object {
		flagged := body.Copy()
		for _, key := range flags.Keys() {
			value := flags.Get(key)
			if members, ok := value.(*providerjson.Object); ok {
				merged := providerjson.NewObject()
				if own, ok := flagged.Get(key).(*providerjson.Object); ok {
					merged = own.Copy()
				}
				for _, member := range members.Keys() {
					merged.Set(member, members.Get(member))
				}
				value = merged
			}
			flagged.Set(key, value)
		}
		return flagged
	}
}
