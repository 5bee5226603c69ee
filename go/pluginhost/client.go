package pluginhost

// Client: canonical requests to a QueryMT plugin through the querymt adapter and a Host (Python's
// PluginClient): encode, call the export, decode. A failure the plugin reports is read by the adapter's
// DecodeError into the *client.Error of its kind; an answer the adapter cannot read is FaultInvalidOutput
// with the pointer of the member at fault.

import (
	"context"
	"errors"
	"fmt"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/adapters/querymt"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Client calls one plugin. It is safe for concurrent use (calls into the plugin are serialised).
type Client struct {
	Host      *Host
	adapter   adapters.Adapter
	config    map[string]any
	sandbox   Sandbox
	onWarning func(adapters.Warning)
}

// Option configures a Client.
type Option func(*Client)

// WithConfig is the plugin's cfg, under each request's provider_options.querymt.cfg and model.
func WithConfig(config map[string]any) Option { return func(c *Client) { c.config = config } }

// WithSandbox sets what the plugin may do (default DefaultSandbox(); zero fields keep their default).
func WithSandbox(sandbox Sandbox) Option { return func(c *Client) { c.sandbox = sandbox } }

// WithWarningHandler receives the degradations the adapter applied to send a request.
func WithWarningHandler(handler func(adapters.Warning)) Option {
	return func(c *Client) { c.onWarning = handler }
}

// New loads the plugin at source (a path or an http(s) URL) and checks the config against its schema.
func New(ctx context.Context, source string, options ...Option) (*Client, error) {
	c := &Client{adapter: querymt.Adapter}
	for _, option := range options {
		option(c)
	}
	host, err := Load(ctx, source, c.config, c.sandbox)
	if err != nil {
		return nil, err
	}
	c.Host = host
	return c, nil
}

// String describes the client.
func (c *Client) String() string {
	return fmt.Sprintf("pluginhost.Client(provider=%q, plugin=%q)", c.adapter.Name(), c.Host.Source)
}

// Close frees the plugin.
func (c *Client) Close(ctx context.Context) error { return c.Host.Close(ctx) }

// run calls export; a failure the plugin reported becomes the *client.Error of its kind.
func (c *Client) run(ctx context.Context, export string, body *providerjson.Object) ([]byte, error) {
	answer, err := c.Host.Call(ctx, export, body)
	var said *reportedError
	if errors.As(err, &said) {
		return nil, reported(c.adapter.DecodeError(0, nil, []byte(said.text)), c.Host.Source, export)
	}
	return answer, err
}

// invalid is FaultInvalidOutput for an answer the adapter could not read.
func (c *Client) invalid(export string, err error) *Error {
	var body *adapters.InvalidBodyError
	if errors.As(err, &body) {
		return fault(FaultInvalidOutput, fmt.Sprintf("the answer is not what %s returns: %v", export, err), c.Host.Source, export, body.Pointer)
	}
	return fault(FaultInvalidOutput, fmt.Sprintf("the answer is not what %s returns: %v", export, err), c.Host.Source, export, "")
}

// Chat sends request to the plugin's chat export.
func (c *Client) Chat(ctx context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	if err := wirechat.Validate(&request); err != nil {
		return wirechat.ChatResponse{}, err
	}
	body, warnings, err := c.adapter.EncodeRequest(request)
	if err != nil {
		return wirechat.ChatResponse{}, err
	}
	if c.onWarning != nil {
		for _, warning := range warnings {
			c.onWarning(warning)
		}
	}
	answer, err := c.run(ctx, "chat", body)
	if err != nil {
		return wirechat.ChatResponse{}, err
	}
	parsed, err := providerjson.Parse(answer)
	if err != nil {
		return wirechat.ChatResponse{}, fault(FaultMalformedOutput, fmt.Sprintf("the answer is not JSON (%v); it begins %q", err, begins(answer)), c.Host.Source, "chat", "")
	}
	if _, ok := parsed.(*providerjson.Object); !ok {
		return wirechat.ChatResponse{}, fault(FaultInvalidOutput, "chat must return an ExtismChatResponse object", c.Host.Source, "chat", "")
	}
	response, _, err := c.adapter.DecodeResponse(answer)
	if err == nil {
		err = wirechat.Validate(&response)
	}
	if err != nil {
		return wirechat.ChatResponse{}, c.invalid("chat", err)
	}
	return response, nil
}

// Embed sends request to the plugin's embed export.
func (c *Client) Embed(ctx context.Context, request wirechat.EmbedRequest) (wirechat.EmbedResponse, error) {
	codec := c.adapter.(adapters.EmbedCodec)
	body, err := codec.EncodeEmbedRequest(request)
	if err != nil {
		return wirechat.EmbedResponse{}, err
	}
	answer, err := c.run(ctx, "embed", body)
	if err != nil {
		return wirechat.EmbedResponse{}, err
	}
	if _, err := providerjson.Parse(answer); err != nil {
		return wirechat.EmbedResponse{}, fault(FaultMalformedOutput, fmt.Sprintf("the answer is not JSON (%v)", err), c.Host.Source, "embed", "")
	}
	response, err := codec.DecodeEmbedResponse(answer)
	if err != nil {
		return wirechat.EmbedResponse{}, c.invalid("embed", err)
	}
	if len(response.Embeddings) != len(request.Inputs) {
		return wirechat.EmbedResponse{}, fault(FaultInvalidOutput, fmt.Sprintf("%d vectors for %d inputs", len(response.Embeddings), len(request.Inputs)),
			c.Host.Source, "embed", "")
	}
	return response, nil
}

// Complete sends request to the plugin's complete export.
func (c *Client) Complete(ctx context.Context, request wirechat.CompleteRequest) (wirechat.CompleteResponse, error) {
	codec := c.adapter.(adapters.CompleteCodec)
	body, err := codec.EncodeCompleteRequest(request)
	if err != nil {
		return wirechat.CompleteResponse{}, err
	}
	answer, err := c.run(ctx, "complete", body)
	if err != nil {
		return wirechat.CompleteResponse{}, err
	}
	if _, err := providerjson.Parse(answer); err != nil {
		return wirechat.CompleteResponse{}, fault(FaultMalformedOutput, fmt.Sprintf("the answer is not JSON (%v)", err), c.Host.Source, "complete", "")
	}
	response, err := codec.DecodeCompleteResponse(answer)
	if err != nil {
		return wirechat.CompleteResponse{}, c.invalid("complete", err)
	}
	return response, nil
}

// Stream is the events of the whole reply to request (chat, then wirechat.EventsFromResponse with
// Python's 16 characters per delta); Response is the reply itself, which the events fold back to.
func (c *Client) Stream(ctx context.Context, request wirechat.ChatRequest) ([]wirechat.StreamEvent, wirechat.ChatResponse, error) {
	response, err := c.Chat(ctx, request)
	if err != nil {
		return nil, wirechat.ChatResponse{}, err
	}
	events, err := wirechat.EventsFromResponse(response, 16)
	if err != nil {
		return nil, wirechat.ChatResponse{}, fault(FaultInvalidOutput, "the reply cannot be streamed: "+err.Error(), c.Host.Source, "chat", "")
	}
	return events, response, nil
}

func begins(data []byte) []byte { return data[:min(60, len(data))] }
