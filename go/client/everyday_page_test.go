package client_test

// docs/everyday.md (issue 28 item 7): every Go block marked `everyday` is a whole program that runs as
// written (go run) against serve-fake, reached through OPENAI_BASE_URL given with /v1.

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var everydayBlock = regexp.MustCompile("(?ms)^```go everyday\n(.*?)^```$")

func TestEverydayPageGoBlocksRunAsWritten(t *testing.T) {
	page, err := os.ReadFile("../../docs/everyday.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := everydayBlock.FindAllStringSubmatch(string(page), -1)
	if len(blocks) < 5 {
		t.Fatalf("docs/everyday.md has %d Go blocks", len(blocks))
	}
	reply := map[string]any{"reply": map[string]any{"text": "Sunny, 21 °C.", "chunk_size": 4}}
	turns := make([]any, 40)
	for i := range turns {
		turns[i] = reply
	}
	url := serveFake(t, "openai-chat", turns)
	if _, err := os.Stat("testdata"); os.IsNotExist(err) {
		if err := os.Mkdir("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Remove("testdata") }) // registered first, so it runs after the block dir goes
	}
	dir, err := os.MkdirTemp("testdata", "everyday-") // inside the module, so its imports resolve
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	for i, block := range blocks {
		file := filepath.Join(dir, "block"+string(rune('1'+i))+".go")
		if err := os.WriteFile(file, []byte(block[1]), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "run", file)
		cmd.Env = append(os.Environ(), "OPENAI_API_KEY="+testKey, "OPENAI_BASE_URL="+url+"/v1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("block %d: %v\n%s", i+1, err, out)
			continue
		}
		if strings.Contains(block[1], "c.Chat(") || strings.Contains(block[1], "c.Stream(") {
			if !strings.Contains(string(out), "Sunny, 21 °C.") {
				t.Errorf("block %d printed %q", i+1, out)
			}
		}
	}
}
