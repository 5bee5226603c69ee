package openairesponses

// The user-side content of a request (a user message's parts, a tool result's output), as Python's
// openai_responses/request_encode.py writes it: input_text, input_image (a URL or a data: URL, with its
// detail), input_file (file_url, file_data or an OpenAI file id); data parts become their JSON text.

import (
	"slices"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// contentPart is a user-side content part: input_text, input_image or input_file (data becomes text).
func contentPart(part wirechat.Part, where string, conv *shared.Conversion) (*obj, error) {
	switch p := part.(type) {
	case *wirechat.TextPart:
		own(part, where, conv, set{})
		if _, err := shared.CitationsOut(p, where, conv, Provider); err != nil {
			return nil, err
		}
		return newObj().Set("type", "input_text").Set("text", p.Text), nil
	case *wirechat.ImagePart:
		return image(p, own(part, where, conv, setOf("detail")), where+"/image", conv)
	case *wirechat.FilePart:
		own(part, where, conv, set{})
		return file(p.File, where+"/file", conv)
	case *wirechat.DataPart:
		own(part, where, conv, set{})
		conv.Degrade("data", where)
		return newObj().Set("type", "input_text").Set("text", providerjson.MustCompact(shared.Raw(p.Data.Value))), nil
	case *wirechat.AudioPart:
		feature := "audio.base64"
		if _, isURL := p.Audio.(*wirechat.MediaUrl); isURL {
			feature = "audio.url"
		}
		return nil, conv.Refuse(feature, where+"/audio")
	}
	return nil, conv.Refuse("part.misplaced", where)
}

func image(part *wirechat.ImagePart, own *obj, where string, conv *shared.Conversion) (*obj, error) {
	detail := "auto"
	if d, ok := own.Get("detail").(string); ok && slices.Contains([]string{"low", "high", "auto", "original"}, d) {
		detail = d
	}
	switch source := part.Image.(type) {
	case *wirechat.MediaUrl:
		if source.MediaType != nil {
			conv.Degrade("media.media_type_dropped", where+"/media_type")
		}
		if shared.IsDataURL(source.URL) {
			conv.Degrade("media.data_url", where+"/url")
		}
		return newObj().Set("type", "input_image").Set("image_url", source.URL).Set("detail", detail), nil
	case *wirechat.MediaBase64:
		if !slices.Contains(tables.OpenaiResponses.MediaTypes["image"], source.MediaType) {
			return nil, conv.Refuse("media.unsupported_type", where+"/media_type")
		}
		url := shared.BuildDataURL(source.MediaType, source.Base64)
		return newObj().Set("type", "input_image").Set("image_url", url).Set("detail", detail), nil
	}
	panic("unreachable: an image source of an unknown kind")
}

func file(source wirechat.FileRef, where string, conv *shared.Conversion) (*obj, error) {
	out := newObj().Set("type", "input_file")
	var mediaType, name *string
	switch s := source.(type) {
	case *wirechat.FileUri:
		out.Set("file_url", s.URI)
		mediaType, name = s.MediaType, s.Name
	case *wirechat.FileBase64:
		out.Set("file_data", shared.BuildDataURL(s.MediaType, s.Base64))
		name = s.Name
	case *wirechat.FileId:
		if s.Issuer == nil || *s.Issuer != Provider {
			return nil, conv.Refuse("file.file_id_foreign", where+"/issuer")
		}
		out.Set("file_id", s.FileID)
		mediaType, name = s.MediaType, s.Name
	}
	if mediaType != nil {
		conv.Degrade("media.media_type_dropped", where+"/media_type")
	}
	if name != nil {
		out.Set("filename", *name)
	}
	return out, nil
}

func toolResult(result wirechat.ToolResult, where string, conv *shared.Conversion) (*obj, error) {
	item := newObj().Set("type", "function_call_output").Set("call_id", result.ToolCallID)
	if result.IsError != nil {
		conv.Degrade("tool_result.is_error", where+"/tool_result/is_error")
	}
	if result.Parts == nil {
		return item.Set("output", result.Content), nil
	}
	if len(result.Parts) == 0 || (result.Content == "" && isTextOrData(result.Parts[0])) {
		conv.Degrade("tool_result.parts_ambiguous", where+"/tool_result/parts")
	}
	output := []any{}
	if result.Content != "" {
		output = append(output, newObj().Set("type", "input_text").Set("text", result.Content))
	}
	for k, part := range result.Parts {
		encoded, err := contentPart(part.(wirechat.Part), where+"/tool_result/parts/"+strconv.Itoa(k), conv)
		if err != nil {
			return nil, err
		}
		output = append(output, encoded)
	}
	if len(result.Parts) > 0 {
		return item.Set("output", output), nil
	}
	return item.Set("output", result.Content), nil
}

func isTextOrData(part wirechat.ContentPart) bool {
	switch part.(type) {
	case *wirechat.TextPart, *wirechat.DataPart:
		return true
	}
	return false
}
