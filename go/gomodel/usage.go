package gomodel

// TokenUsage and ToolDefinition, both ways. The seed's TokenUsage always writes its three counts and
// leaves model, latency_ms and cost_micros out when empty; its ToolDefinition always writes description
// ("" for none) and input_schema.

import "encoding/json"

var counts = []string{"input_tokens", "output_tokens", "total_tokens"}
var extraCounts = []string{"latency_ms", "cost_micros"}

func usageToWirechat(v any, at string) (object, error) {
	o, err := readObject(v, at)
	if err != nil {
		return nil, err
	}
	if err := expectMembers(o, []string{"input_tokens", "output_tokens", "total_tokens", "model", "latency_ms", "cost_micros"}, at, "TokenUsage"); err != nil {
		return nil, err
	}
	out := object{}
	for _, key := range counts {
		n, err := readCount(o, key, at)
		if err != nil {
			return nil, err
		}
		out[key] = n
	}
	model, _, err := readString(o, "model", at)
	if err != nil {
		return nil, err
	}
	if model != "" {
		out["model"] = model
	}
	for _, key := range extraCounts {
		n, err := readCount(o, key, at)
		if err != nil {
			return nil, err
		}
		if n != 0 {
			out[key] = n
		}
	}
	return out, nil
}

func usageFromWirechat(u object, at string, c *conversion) seed {
	out := seed{}
	for _, key := range counts {
		out[key] = u[key]
	}
	if model, ok := u["model"]; ok {
		out["model"] = model
	}
	for _, key := range extraCounts {
		if n, ok := u[key]; ok {
			if n.(json.Number) != "0" {
				out[key] = n
			} else {
				c.degrade("zero_values", at+"/"+key)
			}
		}
	}
	_, read := u["cache_read_input_tokens"]
	_, written := u["cache_write_input_tokens"]
	if read || written {
		c.degrade("usage.cache", at)
	}
	if _, ok := u["reasoning_output_tokens"]; ok {
		c.degrade("usage.reasoning", at+"/reasoning_output_tokens")
	}
	return out
}

func toolToWirechat(v any, at string) (object, error) {
	o, err := readObject(v, at)
	if err != nil {
		return nil, err
	}
	if err := expectMembers(o, []string{"name", "description", "input_schema"}, at, "ToolDefinition"); err != nil {
		return nil, err
	}
	name, err := requireString(o, "name", at)
	if err != nil {
		return nil, err
	}
	out := object{"name": name}
	if err := copyNonEmpty(o, "description", out, "description", at); err != nil {
		return nil, err
	}
	schema, ok := o["input_schema"].(object)
	if !ok {
		return nil, errorf(at+"/input_schema", "wirechat needs a JSON Schema object here (got %s)", kindOf(o["input_schema"]))
	}
	out["input_schema"] = schema
	return out, nil
}

func toolFromWirechat(t object, at string, c *conversion) seed {
	description, _ := t["description"].(string)
	if d, ok := t["description"]; ok && d == "" {
		c.degrade("zero_values", at+"/description")
	}
	for _, member := range []string{"strict", "output_schema", "annotations"} {
		if _, ok := t[member]; ok {
			c.degrade("tools."+member, at+"/"+member)
		}
	}
	return seed{"name": t["name"], "description": description, "input_schema": t["input_schema"]}
}
