package mcp

// The stdio transport: the server process started with a minimal inherited environment plus the config's
// env and allowed secrets (as the Python and TypeScript SDKs do; exec.Cmd would otherwise pass the whole
// environment on), its messages capped at Limits.MaxResponseBytes (lineCap), and stopped on
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

func stdioTransport(command string, args []string, env map[string]string, cwd string, stderr io.Writer, maxLine int, onLimit func(*Error), server string) (sdk.Transport, *exec.Cmd, error) {
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
	reader := &lineCap{ReadCloser: stdout, cap: maxLine, server: server, onLimit: onLimit}
	return &sdk.IOTransport{Reader: reader, Writer: writer, MaxLineLength: -1}, cmd, nil
}

// lineCap fails the read once one message (a line) passes cap bytes, and reports the typed limit first:
// the SDK's own line limit would end the connection with an error the client could not tell from a crash.
type lineCap struct {
	io.ReadCloser
	cap     int
	line    int
	server  string
	onLimit func(*Error)
	failed  error
}

func (r *lineCap) Read(p []byte) (int, error) {
	if r.failed != nil {
		return 0, r.failed
	}
	n, err := r.ReadCloser.Read(p)
	for _, b := range p[:n] {
		if b == '\n' {
			r.line = 0
		} else if r.line++; r.line > r.cap {
			e := limitError(r.server, "bytes", r.cap, "a message is larger than %d bytes (Limits.MaxResponseBytes)", r.cap)
			r.onLimit(e)
			r.failed = e
			return 0, e
		}
	}
	return n, err
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
