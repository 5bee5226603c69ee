package shared

// Unmapped members (Python's _conversion.unmapped_members, TypeScript's shared/unmapped.ts): the pointers of
// every member of a provider object, and of the nested objects a Shape describes, that an adapter does not
// map, so that a request decoder reports them (feature provider.unmapped) rather than dropping them.

import (
	"strings"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

// Shape names each member an adapter maps, with the shape of its value when that value's members are
// mapped one by one too (nil: the value is taken whole).
type Shape map[string]Shape

var pointerToken = strings.NewReplacer("~", "~0", "/", "~1")

// UnmappedMembers lists, in the order read, the pointers (under where) of the members of value that shape
// does not name, descending into the members whose shape is given. A value that is not an object has none.
func UnmappedMembers(value any, shape Shape, where string) []string {
	object, ok := value.(*providerjson.Object)
	if !ok {
		return nil
	}
	var found []string
	for _, key := range object.Keys() {
		at := where + "/" + pointerToken.Replace(key)
		inner, mapped := shape[key]
		if !mapped {
			found = append(found, at)
		} else if inner != nil {
			found = append(found, UnmappedMembers(object.Get(key), inner, at)...)
		}
	}
	return found
}

// Items is value as a list, or nil when it is not one.
func Items(value any) []any {
	items, _ := value.([]any)
	return items
}
