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

func TestAShortKeyLeavesWordsAlone(t *testing.T) {
	// Before: any key of 4 characters or more was replaced inside words.
	if got := NewSecret("limit").Redact("Rate limit reached"); got != "Rate limit reached" {
		t.Fatalf("a short key redacted words: %s", got)
	}
	key := NewSecret("abcdefgh12")
	if got := key.Redact("key=abcdefgh12. xabcdefgh12y"); got != "key=***. xabcdefgh12y" {
		t.Fatalf("the key must be redacted as a whole token only: %s", got)
	}
}
