package loop_test

// No tool runs twice and no call is lost (issue 27 item 3, decision 033 and 038): a process running the
// loop with a checkpoint file is killed (os.Exit, no cleanup) at each event of a run (before and after
// every model turn and checkpoint write, after every tool's side effect; a pause and an approval in the
// middle), then resumed from its checkpoint by new processes until the loop finishes. The tools' ledger,
// written to disk before the kill can happen, must name no call twice, and every call must have a result.

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

var killScript = []wirechat.ChatResponse{
	callsResponse(toolCall("c1", "charge", `{"cents":100}`), toolCall("c2", "charge", `{"cents":200}`)),
	callsResponse(toolCall("c3", "book", `{"cents":300}`), toolCall("c4", "charge", `{"cents":400}`)),
	callsResponse(toolCall("c5", "charge", `{"cents":500}`)),
	textResponse("All paid."),
}

type centsArgs struct {
	Cents int `json:"cents"`
}

// sideEffect appends the call id to the ledger file and flushes it: the effect is done once this returns.
func sideEffect(path string, tick func(string)) func(context.Context, centsArgs) (string, error) {
	return func(ctx context.Context, args centsArgs) (string, error) {
		call, _ := loop.CallFrom(ctx)
		file, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return "", err
		}
		defer file.Close()
		if _, err := file.WriteString(call.CallID + "\n"); err != nil {
			return "", err
		}
		if err := file.Sync(); err != nil {
			return "", err
		}
		tick("after the side effect of " + call.CallID)
		return "paid " + strconv.Itoa(args.Cents), nil
	}
}

// TestExactlyOnceChild is the process the kill test starts (skipped otherwise): it runs or resumes the
// loop in LOOP_DIR and exits with 3 at event LOOP_KILL_AT.
func TestExactlyOnceChild(t *testing.T) {
	dir := os.Getenv("LOOP_DIR")
	if dir == "" {
		t.Skip("started by TestNoToolTwiceWhenKilledAtEveryStep")
	}
	killAt, _ := strconv.Atoi(os.Getenv("LOOP_KILL_AT"))
	events := 0
	tick := func(string) {
		events++
		if events == killAt {
			os.Exit(3)
		}
	}
	ledger, statePath := filepath.Join(dir, "ledger"), filepath.Join(dir, "state.json")
	tools := []loop.Tool{loop.MustTool("charge", "Charge cents.", sideEffect(ledger, tick)), loop.MustTool("book", "Book for cents.", sideEffect(ledger, tick))}
	l, err := loop.New(&scriptedModel{turns: killScript, tick: tick}, tools, loop.WithPolicy("book", loop.RequireApproval{}),
		loop.WithCheckpoint(func(state wirechat.ToolLoopState) error {
			tick("before a checkpoint")
			err := loop.SaveState(state, statePath)
			tick("after a checkpoint")
			return err
		}))
	if err != nil {
		t.Fatal(err)
	}
	var result loop.Result
	if state, err := loop.LoadState(statePath); err == nil {
		var decisions []loop.Decision
		for _, pending := range state.Pending {
			if _, waiting := pending.Status.(*wirechat.ToolCallPending); waiting {
				decisions = append(decisions, loop.Approve{ToolCallID: pending.ToolCall.ID})
			}
		}
		result, err = l.Resume(context.Background(), state, decisions...)
		if err != nil {
			t.Fatal(err)
		}
	} else if errors.Is(err, os.ErrNotExist) {
		if result, err = l.Run(context.Background(), request()); err != nil {
			t.Fatal(err)
		}
	} else {
		t.Fatal(err)
	}
	if !result.Paused() {
		data, err := wirechat.Encode(wirechat.ChatRequest{Messages: result.Messages})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "done.json"), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "events"), []byte(strconv.Itoa(events)), 0o600); err != nil {
		t.Fatal(err)
	}
}

// child runs the loop in dir in a new process; true when it was killed, else the events it went through.
func child(t *testing.T, dir string, killAt int) (bool, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestExactlyOnceChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "LOOP_DIR="+dir, "LOOP_KILL_AT="+strconv.Itoa(killAt))
	output, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 3 {
		return true, killAt
	}
	if err != nil {
		t.Fatalf("the loop process failed: %v\n%s", err, output)
	}
	data, err := os.ReadFile(filepath.Join(dir, "events"))
	if err != nil {
		t.Fatal(err)
	}
	events, _ := strconv.Atoi(string(data))
	return false, events
}

// finish runs and resumes the loop in dir until it is done, killing it at its killAt-th event counted
// across the processes (0: never); the conversation it ended with and the events of the processes.
func finish(t *testing.T, dir string, killAt int) ([]wirechat.Message, int) {
	t.Helper()
	total := 0
	for attempt := 0; attempt < 10; attempt++ {
		killed, events := child(t, dir, killAt)
		total += events
		if killed {
			killAt = 0
		} else if killAt > 0 {
			killAt -= events
		}
		if data, err := os.ReadFile(filepath.Join(dir, "done.json")); err == nil {
			done, err := wirechat.Decode[wirechat.ChatRequest](data)
			if err != nil {
				t.Fatal(err)
			}
			return done.Messages, total
		}
	}
	t.Fatal("the loop did not finish in 10 processes")
	return nil, 0
}

func TestNoToolTwiceWhenKilledAtEveryStep(t *testing.T) {
	if testing.Short() {
		t.Skip("starts about a hundred processes")
	}
	base := t.TempDir()
	if err := os.Mkdir(filepath.Join(base, "clean"), 0o700); err != nil {
		t.Fatal(err)
	}
	_, events := finish(t, filepath.Join(base, "clean"), 0)
	if events < 20 {
		t.Fatalf("only %d events in an uninterrupted run", events)
	}
	for k := 1; k <= events; k++ {
		dir := filepath.Join(base, strconv.Itoa(k))
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		messages, _ := finish(t, dir, k)
		data, _ := os.ReadFile(filepath.Join(dir, "ledger"))
		ran := strings.Fields(string(data))
		sorted := slices.Sorted(slices.Values(ran))
		if len(slices.Compact(sorted)) != len(ran) {
			t.Errorf("killed at event %d: a tool ran twice: ledger %v", k, ran)
		}
		got := results(messages)
		for _, id := range []string{"c1", "c2", "c3", "c4", "c5"} {
			result, ok := got[id]
			if !ok {
				t.Errorf("killed at event %d: call %s has no result (lost)", k, id)
				continue
			}
			if slices.Contains(ran, id) != (*result.Status == wirechat.ToolResultStatusCompleted) &&
				!strings.Contains(result.Content, "whether it did its work is not known") {
				t.Errorf("killed at event %d: %s: ledger %v, result %+v", k, id, ran, result)
			}
		}
		if text := wirechat.MessageText(messages[len(messages)-1]); text != "All paid." {
			t.Errorf("killed at event %d: last message %q", k, text)
		}
	}
	t.Logf("killed at each of %d events and resumed: no tool twice, no call lost", events)
}
