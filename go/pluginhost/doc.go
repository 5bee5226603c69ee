// Package pluginhost runs QueryMT provider plugins (Extism wasm modules) in a sandbox and calls them with
// canonical wirechat requests, as Python's wirechat.Client("querymt", plugin=...) does (decisions 014
// and 045). It runs on Extism's Go SDK (github.com/extism/go-sdk) over wazero, pure Go, no cgo:
//
//	c, err := pluginhost.New(ctx, "provider.wasm",
//		pluginhost.WithConfig(map[string]any{"base_url": "https://api.example.com"}),
//		pluginhost.WithSandbox(pluginhost.Sandbox{AllowedHosts: []string{"api.example.com"}}))
//	defer c.Close(ctx)
//	response, err := c.Chat(ctx, request)
//
// The querymt adapter (go/adapters/querymt) encodes each request into the plugin's JSON and decodes the
// answer; Host loads the module, checks the config against the plugin's config_schema() and calls the
// exports within the Sandbox (the hosts the plugin may reach, a wall-clock limit per call, a memory
// limit). A plugin failing as a plugin is an *Error naming the Fault, the plugin and the export; it
// unwraps to a *client.Error holding the canonical error, so errors.As(err, &clientErr) works for every
// failure, as it does for the HTTP client. An error the plugin reports on purpose (QueryMT's PluginError
// JSON) is the *client.Error of its kind, read by the adapter's DecodeError.
//
// QueryMT's chat_stream needs a host function of QueryMT's own, so Stream calls chat and gives the events
// of the whole reply (wirechat.EventsFromResponse), as Python does.
package pluginhost
