package mcp

// The stdio transport: the server process started with a minimal inherited environment plus the config's
// env and allowed secrets (as the Python and TypeScript SDKs do; exec.Cmd would otherwise pass the whole
// environment on), its messages capped at Limits.MaxResponseBytes by the SDK's IOTransport, and stopped on
// close by ending its stdin, then SIGTERM, then SIGKILL.

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// inherited are the variables a stdio server gets from the client's environment (the SDKs' list).
var inherited = []string{"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"}

const terminateAfter = 2 * time.Second

func stdioTransport(command string, args []string, env map[string]string, cwd string, stderr io.Writer, maxLine int) (sdk.Transport, *exec.Cmd, error) {
	cmd := exec.Command(command, args...)
	for _, name := range inherited {
		if value, ok := os.LookupEnv(name); ok && env[name] == "" {
			cmd.Env = append(cmd.Env, name+"="+value)
		}
	}
	for name, value := range env {
		cmd.Env = append(cmd.Env, name+"="+value)
	}
	if cmd.Env == nil {
		cmd.Env = []string{}
	}
	cmd.Dir = cwd
	cmd.Stderr = stderr
	// stdout through a pipe of our own: cmd.Wait closes the ones StdoutPipe makes, maybe before all is read
	stdout, childOut, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	cmd.Stdout = childOut
	stdin, err := cmd.StdinPipe()
	if err != nil {
		_, _ = stdout.Close(), childOut.Close()
		return nil, nil, err
	}
	err = cmd.Start()
	_ = childOut.Close()
	if err != nil {
		_ = stdout.Close()
		return nil, nil, fmt.Errorf("starting %s: %w", command, err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	writer := &stopper{WriteCloser: stdin, cmd: cmd, exited: exited}
	return &sdk.IOTransport{Reader: stdout, Writer: writer, MaxLineLength: maxLine}, cmd, nil
}

// stopper closes the server's stdin, then stops the process if it does not exit on its own.
type stopper struct {
	io.WriteCloser
	cmd    *exec.Cmd
	exited chan struct{}
}

func (s *stopper) Close() error {
	err := s.WriteCloser.Close()
	for _, signal := range []os.Signal{syscall.SIGTERM, os.Kill} {
		select {
		case <-s.exited:
			return err
		case <-time.After(terminateAfter):
			_ = s.cmd.Process.Signal(signal)
		}
	}
	<-s.exited
	return err
}
