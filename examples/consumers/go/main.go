// Command consumer uses the wirechat Go module by its module path (required, and replaced by a local
// checkout until the module is published); the README's install steps build and run it.
package main

import (
	"fmt"
	"os"

	"github.com/wirechat/wirechat/go/wirechat"
)

func main() {
	body := []byte(`{"model": "gpt-4.1", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Weather?"}]}]}`)
	request, err := wirechat.Decode[wirechat.ChatRequest](body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "consumer check failed: decode a ChatRequest:", err)
		os.Exit(1)
	}
	if _, err := wirechat.Decode[wirechat.Message]([]byte(`{"role": "robot", "parts": []}`)); err == nil {
		fmt.Fprintln(os.Stderr, "consumer check failed: an invalid Message was accepted")
		os.Exit(1)
	}
	fmt.Printf("wirechat %s (Go, %d message): 2/2 checks\n", wirechat.Version, len(request.Messages))
}
