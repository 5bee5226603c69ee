package shared

import (
	"reflect"
	"testing"

	"github.com/wirechat/wirechat/go/internal/tables"
)

func TestUsageGroupsKeepTheMapOrder(t *testing.T) {
	got := UsageGroups(tables.OpenaiChat.Usage)
	want := []UsageGroup{
		{"prompt_tokens_details", []UsageDetail{{"cached_tokens", "cache_read_input_tokens"}, {"cache_write_tokens", "cache_write_input_tokens"}}},
		{"completion_tokens_details", []UsageDetail{{"reasoning_tokens", "reasoning_output_tokens"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("UsageGroups(openai-chat) = %v, want %v", got, want)
	}
}

func TestUsageMemberReadsTheNthMember(t *testing.T) {
	if got := UsageMember(tables.Anthropic.Usage, "input_tokens", 2); got != "cache_creation_input_tokens" {
		t.Fatalf("anthropic input_tokens member 2 = %q", got)
	}
}

func TestUsageMemberPanicsOnANestedPathOrAMissingCount(t *testing.T) {
	for _, count := range []string{"cache_read_input_tokens", "latency_ms"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("UsageMember(openai-chat, %s) did not panic", count)
				}
			}()
			UsageMember(tables.OpenaiChat.Usage, count, 0)
		}()
	}
}
