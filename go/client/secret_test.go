package client

// No string form of a Secret, a Client or an Error shows the key; Redact hides it in outside text.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestSecretIsNeverPrinted(t *testing.T) {
	key := "sk-live-abcdefghijklmnop"
	s := NewSecret(key)
	c := &Client{secret: &s, adapter: Adapters["anthropic"]}
	data, _ := json.Marshal(struct{ Key Secret }{s})
	forms := []string{s.String(), s.GoString(), fmt.Sprint(s), fmt.Sprintf("%v %+v %#v %s %q %x %d", s, s, s, s, s, s, s),
		fmt.Sprintf("%v %#v %+v", c, c, *c), string(data), s.Redact("the key is " + key + "!")}
	for _, form := range forms {
		if strings.Contains(form, key) || strings.Contains(form, "abcdefgh") {
			t.Fatalf("the key leaked: %s", form)
		}
	}
	if s.Reveal() != key {
		t.Fatal("Reveal must give the key")
	}
}
