package openaichat

// The content parts of a user message in a Chat Completions request, as Python's
// openai_chat/request_encode.py writes them: text (its citations dropped with a warning: requests take
// none), image_url (a URL, or a data URL for inline bytes, with its detail), input_audio (inline wav or
// mp3), file (inline data or an OpenAI file id); a data part becomes its JSON text (degraded).

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

func userPart(part wirechat.Part, where string, conv *shared.Conversion) (*obj, error) {
	switch p := part.(type) {
	case *wirechat.TextPart:
		return textBlock(p, where, conv)
	case *wirechat.ImagePart:
		own := partMetadata(p.ProviderMetadata, where, conv)
		image := newObj().Set("url", mediaURL(p.Image, where+"/image", conv))
		if detail, ok := own.Get("detail").(string); ok {
			image.Set("detail", detail)
		}
		return newObj().Set("type", "image_url").Set("image_url", image), nil
	case *wirechat.AudioPart:
		partMetadata(p.ProviderMetadata, where, conv)
		source, ok := p.Audio.(*wirechat.MediaBase64)
		if !ok {
			return nil, conv.Refuse("audio.url", where+"/audio")
		}
		format, ok := audioFormats[source.MediaType]
		if !ok {
			return nil, conv.Refuse("media.unsupported_type", where+"/audio/media_type")
		}
		audio := newObj().Set("data", source.Base64).Set("format", format)
		return newObj().Set("type", "input_audio").Set("input_audio", audio), nil
	case *wirechat.FilePart:
		partMetadata(p.ProviderMetadata, where, conv)
		file, err := fileShape(p.File, where+"/file", conv)
		if err != nil {
			return nil, err
		}
		return newObj().Set("type", "file").Set("file", file), nil
	case *wirechat.DataPart:
		conv.Degrade("data", where)
		partMetadata(p.ProviderMetadata, where, conv)
		return newObj().Set("type", "text").Set("text", providerjson.MustCompact(shared.Raw(p.Data.Value))), nil
	}
	return nil, conv.Refuse("part.misplaced", where)
}

func mediaURL(source wirechat.MediaRef, where string, conv *shared.Conversion) string {
	switch s := source.(type) {
	case *wirechat.MediaBase64:
		return shared.BuildDataURL(s.MediaType, s.Base64)
	case *wirechat.MediaUrl:
		if shared.IsDataURL(s.URL) {
			conv.Degrade("media.data_url", where+"/url")
		}
		if s.MediaType != nil {
			conv.Degrade("media.media_type_dropped", where+"/media_type")
		}
		return s.URL
	}
	return ""
}

func fileShape(source wirechat.FileRef, where string, conv *shared.Conversion) (*obj, error) {
	out := newObj()
	var name *string
	switch s := source.(type) {
	case *wirechat.FileUri:
		return nil, conv.Refuse("file.uri", where)
	case *wirechat.FileBase64:
		out.Set("file_data", shared.BuildDataURL(s.MediaType, s.Base64))
		name = s.Name
	case *wirechat.FileId:
		if s.Issuer == nil || *s.Issuer != Provider {
			return nil, conv.Refuse("file.file_id_foreign", where+"/issuer")
		}
		if s.MediaType != nil {
			conv.Degrade("media.media_type_dropped", where+"/media_type")
		}
		out.Set("file_id", s.FileID)
		name = s.Name
	}
	if name != nil {
		out.Set("filename", *name)
	}
	return out, nil
}
