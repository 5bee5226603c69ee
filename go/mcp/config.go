package mcp

// Reading McpServerConfig documents (the ones Python's load_configs and TypeScript's mcp.loadConfigs read)
// and resolving the secrets they name. A config names secrets, never holds them: secret_env lists
// variables passed on to a stdio server, secret_headers maps a header to the variable holding its value.
// They are read from the environment when connecting, and only those the program allows
// (Options.AllowSecrets; none by default): a config is data that can come from anywhere, and
// secret_headers {"x-a": "OPENAI_API_KEY"} would otherwise send any variable to any URL.

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"

	"github.com/wirechat/wirechat/go/wirechat"
)

// LoadConfigs reads one McpServerConfig or a JSON array of them (a file's content), each decoded and
// checked (a bad one is a *wirechat.WireError); names must be unique (ErrConfig).
func LoadConfigs(data []byte) ([]wirechat.McpServerConfig, error) {
	var items []json.RawMessage
	if trimmed := bytes.TrimLeft(data, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '[' {
		if err := json.Unmarshal(data, &items); err != nil {
			return nil, newError(ErrConfig, "(list)", "a config list must be a JSON array: %v", err)
		}
	} else {
		items = []json.RawMessage{data}
	}
	configs := make([]wirechat.McpServerConfig, 0, len(items))
	seen := map[string]bool{}
	for _, item := range items {
		config, err := wirechat.Decode[wirechat.McpServerConfig](item)
		if err != nil {
			return nil, err
		}
		name := configName(config)
		if seen[name] {
			return nil, newError(ErrConfig, name, "two servers in one list have this name")
		}
		seen[name] = true
		configs = append(configs, config)
	}
	return configs, nil
}

func configName(config wirechat.McpServerConfig) string {
	switch c := config.(type) {
	case *wirechat.McpStdioServer:
		return c.Name
	case *wirechat.McpHttpServer:
		return c.Name
	case *wirechat.McpWebsocketServer:
		return c.Name
	}
	return ""
}

func lookup(server, variable string, environ func(string) (string, bool), allow map[string]bool, where string) (string, error) {
	if !allow[variable] {
		return "", secretNotAllowed(server, variable, where)
	}
	value, ok := environ(variable)
	if !ok {
		return "", newError(ErrConfig, server, "the secret's environment variable %s is not set", variable)
	}
	return value, nil
}

// resolveEnv is a stdio server's env plus each secret_env variable's value (each must be allowed).
func resolveEnv(c *wirechat.McpStdioServer, environ func(string) (string, bool), allow map[string]bool) (map[string]string, error) {
	env := map[string]string{}
	for k, v := range c.Env {
		env[k] = v
	}
	for _, variable := range c.SecretEnv {
		value, err := lookup(c.Name, variable, environ, allow, "secret_env")
		if err != nil {
			return nil, err
		}
		env[variable] = value
	}
	return env, nil
}

// resolveHeaders is an HTTP server's headers plus each secret_headers value read from its variable.
func resolveHeaders(c *wirechat.McpHttpServer, environ func(string) (string, bool), allow map[string]bool) (map[string]string, error) {
	headers := map[string]string{}
	for k, v := range c.Headers {
		headers[k] = v
	}
	for _, header := range slices.Sorted(maps.Keys(c.SecretHeaders)) {
		variable := c.SecretHeaders[header]
		value, err := lookup(c.Name, variable, environ, allow, "secret_headers['"+header+"']")
		if err != nil {
			return nil, err
		}
		headers[header] = value
	}
	return headers, nil
}
