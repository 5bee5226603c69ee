package adapters_test

// The section 9 law for Anthropic tool input (decision 036, issue 26 item 2): a tool_use block's input
// read unstreamed and its partial_json fragments read streamed give the same arguments text, whatever
// spelling the fragments use (1E2, "\u00e9", "\/", 1e21 folded to other texts before) and wherever they
// are cut. The same rows as Python's tests/adapters/anthropic/test_tool_input_spellings.py.

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/anthropic"
	"github.com/wirechat/wirechat/go/wirechat"
)

const toolUsage = `{"input_tokens":1,"output_tokens":1}`

func streamedInput(t *testing.T, fragments []string) []wirechat.StreamEvent {
	t.Helper()
	events := []string{
		`{"type":"message_start","message":{"id":"m","model":"c","content":[],"usage":` + toolUsage + `}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}`,
	}
	for _, piece := range fragments {
		quoted, _ := json.Marshal(piece)
		events = append(events, `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+string(quoted)+`}}`)
	}
	events = append(events, `{"type":"content_block_stop","index":0}`,
		`{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":`+toolUsage+`}`, `{"type":"message_stop"}`)
	decoder := anthropic.Adapter.NewStreamDecoder()
	var out []wirechat.StreamEvent
	for _, data := range events {
		var head struct{ Type string }
		_ = json.Unmarshal([]byte(data), &head)
		out = append(out, decoder.Feed(adapters.SseEvent{Event: head.Type, Data: data})...)
	}
	return append(out, decoder.Close()...)
}

func unstreamedInput(input string) (wirechat.ChatResponse, error) {
	body := `{"id":"m","type":"message","role":"assistant","model":"c","content":[{"type":"tool_use","id":"toolu_1","name":"f","input":` +
		input + `}],"stop_reason":"tool_use","usage":` + toolUsage + `}`
	response, _, err := anthropic.Adapter.DecodeResponse([]byte(body))
	return response, err
}

func sameReading(t *testing.T, sent string, fragments []string) string {
	t.Helper()
	folded, err := wirechat.Fold(streamedInput(t, fragments))
	if err != nil {
		t.Fatalf("%q: fold: %v", sent, err)
	}
	whole, err := unstreamedInput(sent)
	if err != nil {
		t.Fatalf("%q: unstreamed: %v", sent, err)
	}
	a, _ := wirechat.Canonical(folded)
	b, _ := wirechat.Canonical(whole)
	if string(a) != string(b) {
		t.Fatalf("%q cut as %q: streamed %s\nunstreamed %s", sent, fragments, a, b)
	}
	return whole.Message.Parts[0].(*wirechat.ToolCallPart).ToolCall.Arguments
}

func TestPartialJSONSpellingAValueDifferentlyFoldsToTheUnstreamedText(t *testing.T) {
	rows := [][2]string{
		{`{"x": 1.0}`, `{"x":1}`}, {`{"x":1E2}`, `{"x":100}`}, {`{"x":0.00001}`, `{"x":0.00001}`},
		{`{"x":1e-05}`, `{"x":0.00001}`}, {`{"x":1e-7}`, `{"x":1e-7}`}, {`{"x":1e21}`, `{"x":1e+21}`},
		{`{"x":-0.0}`, `{"x":0}`}, {`{"x":"\u00e9"}`, `{"x":"é"}`}, {`{"x":"\u00E9\/"}`, `{"x":"é/"}`},
		{`{"x":"\ud83d\ude00"}`, `{"x":"😀"}`}, {`{"x":"\u2028\u001F"}`, "{\"x\":\"\u2028\\u001f\"}"},
		{`{"b":1,"a":[true,null]}`, `{"b":1,"a":[true,null]}`},
	}
	for _, row := range rows {
		if got := sameReading(t, row[0], strings.Split(row[0], "")); got != row[1] {
			t.Errorf("%s: arguments %s, want %s", row[0], got, row[1])
		}
	}
}

func TestToolInputTheArgumentsCannotHoldFailsBothWays(t *testing.T) {
	events := streamedInput(t, []string{`{"id":90071992547409`, `93}`})
	last, ok := events[len(events)-1].(*wirechat.ErrorEvent)
	if !ok || !strings.Contains(last.Error.Message, "outside +/-(2^53-1)") {
		t.Fatalf("want an invalid_response error event, got %#v", events[len(events)-1])
	}
	if _, err := unstreamedInput(`{"id":9007199254740993}`); err == nil {
		t.Fatal("the unstreamed reading accepted an integer beyond 2^53-1")
	}
}

// spell writes a random JSON object in a random spelling: number forms, escapes, whitespace.
func spell(r *rand.Rand, depth int) string {
	space := func() string { return []string{"", "", "", " ", "\n", "\t ", "\r\n  "}[r.Intn(7)] }
	var value func(depth int) string
	str := func() string {
		var b strings.Builder
		b.WriteByte('"')
		for _, c := range randomText(r) {
			switch how := r.Intn(4); {
			case c == '/' && how == 3:
				b.WriteString(`\/`)
			case c != '"' && c != '\\' && c >= 0x20 && how < 2:
				b.WriteRune(c)
			default:
				units := []rune{c}
				if c > 0xffff {
					hi, lo := utf16.EncodeRune(c)
					units = []rune{hi, lo}
				}
				for _, u := range units {
					format := `\u%04x`
					if how%2 == 1 {
						format = `\u%04X`
					}
					fmt.Fprintf(&b, format, u)
				}
			}
		}
		b.WriteByte('"')
		return b.String()
	}
	value = func(depth int) string {
		kind := r.Intn(8)
		if depth > 2 && kind >= 6 {
			kind = r.Intn(6)
		}
		switch kind {
		case 0:
			return []string{"null", "true", "false"}[r.Intn(3)]
		case 1:
			n := r.Int63n(1<<53) - r.Int63n(1<<53)
			return []string{strconv.FormatInt(n, 10), strconv.FormatInt(n, 10) + ".0", strconv.FormatInt(n, 10) + "E+0"}[r.Intn(3)]
		case 2, 3:
			f := math.Float64frombits(r.Uint64())
			if math.IsNaN(f) || math.IsInf(f, 0) || (f == math.Trunc(f) && math.Abs(f) >= 1<<53 && math.Abs(f) < 1e21) {
				f = r.NormFloat64() * math.Pow(10, float64(r.Intn(40)-20))
			}
			return []string{strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(f, 'E', 16, 64), strconv.FormatFloat(f, 'e', -1, 64)}[r.Intn(3)]
		case 4, 5:
			return str()
		case 6:
			items := make([]string, r.Intn(4))
			for i := range items {
				items[i] = space() + value(depth+1) + space()
			}
			return "[" + strings.Join(items, ",") + "]"
		}
		return object(r, depth+1, str, value, space)
	}
	return object(r, depth, str, value, space)
}

func object(r *rand.Rand, depth int, str func() string, value func(int) string, space func() string) string {
	members := make([]string, r.Intn(4))
	seen := map[string]bool{}
	for i := range members {
		key := str()
		var decoded string
		if json.Unmarshal([]byte(key), &decoded) != nil || seen[decoded] {
			key = fmt.Sprintf(`"k%d"`, i)
			decoded = key
		}
		seen[decoded] = true
		members[i] = space() + key + space() + ":" + space() + value(depth) + space()
	}
	return "{" + strings.Join(members, ",") + "}"
}

func randomText(r *rand.Rand) string {
	alphabet := []rune("ab/é\"\\\u2028\u2029\x01\x1f😀<&ÿ\u0085")
	out := make([]rune, r.Intn(6))
	for i := range out {
		out[i] = alphabet[r.Intn(len(alphabet))]
	}
	return string(out)
}

func TestStreamedToolInputFoldsToTheUnstreamedReading(t *testing.T) {
	r := rand.New(rand.NewSource(36))
	for run := 0; run < 400; run++ {
		sent := spell(r, 0)
		cuts := []int{0, len(sent)}
		for i := 0; i < r.Intn(8); i++ {
			at := r.Intn(len(sent) + 1)
			for at < len(sent) && !utf8.RuneStart(sent[at]) { // a fragment is a JSON string: whole characters
				at--
			}
			cuts = append(cuts, at)
		}
		sort.Ints(cuts)
		var fragments []string
		for i := 1; i < len(cuts); i++ {
			fragments = append(fragments, sent[cuts[i-1]:cuts[i]])
		}
		sameReading(t, sent, fragments)
	}
}
