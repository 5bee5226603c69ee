package loop

// Saving and loading a ToolLoopState: its wire form (any language resumes it), checked (spec section
// 14.3) when read back.

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/wirechat/wirechat/go/wirechat"
)

// SaveState writes state to path as a wirechat document. The write is atomic and durable (a temporary
// file beside it, flushed to disk, renamed over it, the directory flushed): a crash leaves the old state
// or the new one, never half of one, which the checkpoint relies on.
func SaveState(state wirechat.ToolLoopState, path string) (err error) {
	data, err := wirechat.Encode(state)
	if err != nil {
		return fmt.Errorf("encoding the state: %w", err)
	}
	dir := filepath.Dir(path)
	file, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = os.Remove(file.Name())
		}
	}()
	if _, err = file.Write(data); err != nil {
		_ = file.Close()
		return err
	}
	if err = file.Sync(); err != nil {
		_ = file.Close()
		return err
	}
	if err = file.Close(); err != nil {
		return err
	}
	if err = os.Rename(file.Name(), path); err != nil {
		return err
	}
	directory, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer directory.Close()
	return directory.Sync()
}

// LoadState reads a state from a file; DecodeState from bytes.
func LoadState(path string) (wirechat.ToolLoopState, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return wirechat.ToolLoopState{}, err
	}
	return DecodeState(data)
}

// DecodeState reads a state from its JSON: a *wirechat.WireError when it is not valid or not consistent
// (a pending call the model never made, a pause naming a call that is not pending ...).
func DecodeState(data []byte) (wirechat.ToolLoopState, error) {
	state, err := wirechat.Decode[wirechat.ToolLoopState](data)
	if err != nil {
		return wirechat.ToolLoopState{}, err
	}
	if err := wirechat.CheckToolLoopState(state); err != nil {
		return wirechat.ToolLoopState{}, err
	}
	return state, nil
}
