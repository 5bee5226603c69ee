package querymt

// The parts of a user and of an assistant message in QueryMT's one-content shape (request_encode.go's
// message walk): a user message's text and its one image or PDF, an assistant message's one text and its
// tool calls; an assistant message's plain reasoning is its thinking (thinking.go, decision 044).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

func encodeUser(message wirechat.Message, where string, conv *shared.Conversion, misfits *[]error) (any, error) {
	var texts []string
	var media []any
	var order []string
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		partMetadata(part, at, conv)
		switch p := part.(type) {
		case *wirechat.TextPart:
			if _, err := shared.CitationsOut(p, at, conv, Provider); err != nil {
				return nil, err
			}
			texts, order = append(texts, p.Text), append(order, "text")
		case *wirechat.DataPart:
			conv.Degrade("data", at)
			texts, order = append(texts, providerjson.MustCompact(shared.Raw(p.Data.Value))), append(order, "text")
		case *wirechat.ImagePart:
			image, err := encodeImage(p.Image, at, conv)
			if err != nil {
				return nil, err
			}
			media, order = append(media, image), append(order, "media")
		case *wirechat.FilePart:
			pdf, err := encodePdf(p.File, at, conv, misfits)
			if err != nil {
				return nil, err
			}
			media, order = append(media, pdf), append(order, "media")
		case *wirechat.AudioPart:
			if _, isURL := p.Audio.(*wirechat.MediaUrl); isURL {
				return nil, conv.Refuse("audio.url", at)
			}
			return nil, conv.Refuse("audio.base64", at)
		default:
			return nil, conv.Refuse("part.misplaced", at)
		}
	}
	shape := ""
	for _, kind := range order {
		shape += kind + " "
	}
	fits := shape == "text " || shape == "media " || (shape == "text media " && texts[0] != "")
	if !fits {
		*misfits = append(*misfits, misfit(where, "one text, one image or PDF, or a non-empty text then one image or PDF"))
		return newObj(), nil
	}
	var messageType any = "Text"
	if len(media) > 0 {
		messageType = media[0]
	}
	content := ""
	if len(texts) > 0 {
		content = texts[0]
	}
	return newObj().Set("role", "User").Set("message_type", messageType).Set("content", content), nil
}

func encodeImage(source wirechat.MediaRef, where string, conv *shared.Conversion) (any, error) {
	if inline, ok := source.(*wirechat.MediaBase64); ok {
		variant, known := imageMime[inline.MediaType]
		if !known {
			return nil, conv.Refuse("media.unsupported_type", where+"/image/media_type")
		}
		data, err := bytesOf(inline.Base64, where+"/image/base64")
		if err != nil {
			return nil, err
		}
		return newObj().Set("Image", []any{variant, data}), nil
	}
	url := source.(*wirechat.MediaUrl)
	if url.MediaType != nil {
		conv.Degrade("media.media_type_dropped", where+"/image/media_type")
	}
	return newObj().Set("ImageURL", url.URL), nil
}

func encodePdf(source wirechat.FileRef, where string, conv *shared.Conversion, misfits *[]error) (any, error) {
	switch s := source.(type) {
	case *wirechat.FileUri:
		return nil, conv.Refuse("file.uri", where+"/file")
	case *wirechat.FileId:
		if s.Issuer != nil && *s.Issuer == Provider {
			return nil, conv.Refuse("file.file_id", where+"/file")
		}
		return nil, conv.Refuse("file.file_id_foreign", where+"/file")
	case *wirechat.FileBase64:
		if s.MediaType != "application/pdf" {
			return nil, conv.Refuse("media.unsupported_type", where+"/file/media_type")
		}
		if s.Name != nil {
			*misfits = append(*misfits, &adapters.RefusedError{
				Feature: "message.shape", Reason: "QueryMT's Pdf message has no file name", Where: where + "/file/name",
			})
		}
		data, err := bytesOf(s.Base64, where+"/file/base64")
		if err != nil {
			return nil, err
		}
		return newObj().Set("Pdf", data), nil
	}
	panic("encodePdf: unknown FileRef variant")
}

func encodeAssistant(message wirechat.Message, where string, conv *shared.Conversion, misfits *[]error) (any, error) {
	var texts []string
	calls := []any{}
	thought := &thinking{conv: conv}
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		partMetadata(part, at, conv)
		switch p := part.(type) {
		case *wirechat.TextPart:
			if len(calls) > 0 {
				conv.Degrade("tool_call.interleaved", at)
			}
			if _, err := shared.CitationsOut(p, at, conv, Provider); err != nil {
				return nil, err
			}
			texts = append(texts, p.Text)
		case *wirechat.ToolCallPart:
			calls = append(calls, toolCall(p.ToolCall.ID, p.ToolCall.Name, p.ToolCall.Arguments))
		case *wirechat.ReasoningPart:
			thought.take(p, at, len(texts)+len(calls) > 0)
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
			if _, err := shared.ProviderPartOut(part, at, conv, Provider); err != nil {
				return nil, err
			}
		default:
			return nil, conv.Refuse("part.misplaced", at)
		}
	}
	text := thought.text()
	if len(texts) > 1 || (len(calls) > 0 && len(texts) == 1 && texts[0] == "") {
		*misfits = append(*misfits, misfit(where, "at most one text, and a non-empty one before tool calls"))
		return newObj(), nil
	}
	var messageType any = newObj().Set("ToolUse", calls)
	content := ""
	if len(texts) > 0 {
		content = texts[0]
		if len(calls) == 0 {
			messageType = "Text"
		}
	}
	out := newObj().Set("role", "Assistant").Set("message_type", messageType).Set("content", content)
	if text != nil {
		out.Set("thinking", text)
	}
	return out, nil
}
