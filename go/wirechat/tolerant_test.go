package wirechat_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

const v11 = `{"role":"assistant","created_at":"now","parts":[` +
	`{"type":"video","video":{"source":"url","url":"https://x.test/v"}},` +
	`{"type":"text","text":"hi"},{"type":"hologram","hologram":{"n":1.5}}]}`

func canonicalText(t *testing.T, text string) string {
	t.Helper()
	out, err := wirechat.CanonicalJSON([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestDecodeTolerantSetsAsideAndWritesBack(t *testing.T) {
	read, err := wirechat.DecodeTolerant[wirechat.Message]([]byte(v11))
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Value.Parts) != 1 {
		t.Fatalf("known parts: %d, want 1", len(read.Value.Parts))
	}
	var got [][2]string
	for _, u := range read.Unknown {
		got = append(got, [2]string{u.Kind, u.Pointer + "#" + u.Name})
	}
	want := [][2]string{{"member", "#created_at"}, {"variant", "/parts/0#"}, {"variant", "/parts/2#"}}
	if len(got) != len(want) {
		t.Fatalf("unknown = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("unknown = %v, want %v", got, want)
		}
	}
	out, err := read.Canonical()
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != canonicalText(t, v11) {
		t.Fatalf("canonical = %s\nwant        %s", out, canonicalText(t, v11))
	}
	if _, err := wirechat.Decode[wirechat.Message]([]byte(v11)); err == nil {
		t.Fatal("the strict decoder accepted a v1.1 document")
	}
}

func TestOpenEnumGoesBackOnlyWhereItStillReadsOther(t *testing.T) {
	read, err := wirechat.DecodeTolerant[wirechat.FinishReason]([]byte(`{"kind":"guardrail","raw":"G"}`))
	if err != nil {
		t.Fatal(err)
	}
	if read.Value.Kind != "other" {
		t.Fatalf("kind = %q, want other", read.Value.Kind)
	}
	out, _ := read.Encode()
	if canonicalText(t, string(out)) != `{"kind":"guardrail","raw":"G"}` {
		t.Fatalf("encoded %s", out)
	}
	read.Value.Kind = "stop"
	out, _ = read.Encode()
	if canonicalText(t, string(out)) != `{"kind":"stop","raw":"G"}` {
		t.Fatalf("the caller's value lost: %s", out)
	}
}

func TestToleranceDoesNotExcuseWhatIsKnown(t *testing.T) {
	for text, rule := range map[string]string{
		`{"role":"developer","parts":[],"x":1}`:     wirechat.RuleEnum,
		`{"role":"user","parts":[{"type":"text"}]}`: wirechat.RuleRequired,
		`{"role":"user","role":"user","parts":[]}`:  wirechat.RuleDuplicateKey,
	} {
		_, err := wirechat.DecodeTolerant[wirechat.Message]([]byte(text))
		var wireErr *wirechat.WireError
		if !errors.As(err, &wireErr) || wireErr.Problems[0].Rule != rule {
			t.Errorf("%s: got %v, want a problem of rule %s", text, err, rule)
		}
	}
	if _, err := wirechat.DecodeTolerant[wirechat.Part]([]byte(`{"type":"video","video":{}}`)); err == nil {
		t.Error("an unknown variant outside an array was accepted")
	}
}

func TestAPlaceThatIsGoneIsAnError(t *testing.T) {
	text := `{"messages":[{"role":"user","parts":[]},{"role":"user","parts":[],"created_at":"t"}]}`
	read, err := wirechat.DecodeTolerant[wirechat.ChatRequest]([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	read.Value.Messages = read.Value.Messages[:1]
	_, err = read.Encode()
	if !errors.Is(err, wirechat.ErrTolerantRestore) {
		t.Fatalf("got %v, want ErrTolerantRestore", err)
	}
	if want := `/messages/1: the member set aside here ("created_at")`; !strings.Contains(err.Error(), want) {
		t.Fatalf("message %q does not say %q", err, want)
	}
}

// benchDocument is a ChatRequest of 50 messages; v11 adds a member and a video part to each.
func benchDocument(v11 bool) []byte {
	var b strings.Builder
	b.WriteString(`{"model":"m","messages":[`)
	for i := 0; i < 50; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"role":"user","parts":[{"type":"text","text":"` + strings.Repeat("hello world ", 10) + `"}`)
		if v11 {
			b.WriteString(`,{"type":"video","video":{"source":"url","url":"https://x.test/v.mp4"}}],"created_at":"2026-11-24T22:00:00Z"}`)
		} else {
			b.WriteString(`]}`)
		}
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// go test -run '^$' -bench Tolerant ./wirechat/ : strict and tolerant decoding of the same documents.
func BenchmarkTolerant(b *testing.B) {
	v10, v11 := benchDocument(false), benchDocument(true)
	b.Run("strict-v1.0", func(b *testing.B) {
		for range b.N {
			if _, err := wirechat.Decode[wirechat.ChatRequest](v10); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tolerant-v1.0", func(b *testing.B) {
		for range b.N {
			if _, err := wirechat.DecodeTolerant[wirechat.ChatRequest](v10); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tolerant-v1.1", func(b *testing.B) {
		for range b.N {
			if _, err := wirechat.DecodeTolerant[wirechat.ChatRequest](v11); err != nil {
				b.Fatal(err)
			}
		}
	})
}
