package loop_test

// The loop's tests against the real fake provider (internal/servefake: Python's serve-fake).

import (
	"testing"

	"github.com/wirechat/wirechat/go/internal/servefake"
)

const testKey = "sk-test-tools-0123456789"

func serveFake(t *testing.T, provider string, turns []any, extra ...string) string {
	t.Helper()
	return servefake.Start(t, provider, testKey, turns, extra...)
}
