package querymt

// The whole-reply stream encoder refuses what a reply cannot hold when it arrives, and ends events that
// do not fold in the plugin's error rather than in nothing.

import (
	"errors"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/wirechat"
)

func TestAnImageInAStreamedReplyIsRefusedWhenItArrives(t *testing.T) {
	encoder := NewStreamEncoder()
	image := &wirechat.ImagePart{Image: &wirechat.MediaUrl{URL: "https://example.com/a.png"}}
	_, err := encoder.Feed(&wirechat.PartEvent{Index: 0, Part: image})
	var refused *adapters.RefusedError
	if !errors.As(err, &refused) || refused.Feature != "response.part_unsupported" || refused.Where != "/message/parts/0" {
		t.Fatalf("want response.part_unsupported at /message/parts/0, got %v", err)
	}
}

func TestEventsThatDoNotFoldEndInThePluginsError(t *testing.T) {
	encoder := NewStreamEncoder()
	if _, err := encoder.Feed(&wirechat.TextDeltaEvent{Index: 0, Text: "no start"}); err != nil {
		t.Fatal(err)
	}
	out := encoder.Close()
	if len(out) != 1 || out[0].Event != "error" || !strings.Contains(out[0].Data, `"kind":"Provider"`) {
		t.Fatalf("want one PluginError event, got %v", out)
	}
}
