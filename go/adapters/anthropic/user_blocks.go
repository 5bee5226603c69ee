package anthropic

// The user-side content blocks of a Messages request, as Python's anthropic/request_encode.py writes them:
// text (with the citations Anthropic issued), images (a URL or inline image/jpeg, png, gif or webp),
// documents (a URL, an inline PDF, UTF-8 text/plain as a text source, an Anthropic file id); a data part
// becomes its JSON text (degraded); audio is refused. The same blocks stand in a tool result's content.

import (
	"encoding/base64"
	"unicode/utf8"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// contentBlock is a user-side block: text, image, document (a data part becomes text).
func contentBlock(part wirechat.Part, where string, conv *shared.Conversion) (*obj, error) {
	switch part.(type) {
	case *wirechat.TextPart, *wirechat.ImagePart, *wirechat.FilePart, *wirechat.DataPart, *wirechat.AudioPart:
	default:
		return nil, conv.Refuse("part.misplaced", where)
	}
	kept := own(part, where, conv)
	switch p := part.(type) {
	case *wirechat.TextPart:
		block, err := textBlock(p, where, conv)
		if err != nil {
			return nil, err
		}
		return withMembers(block, kept), nil
	case *wirechat.ImagePart:
		source, err := imageSource(p.Image, where+"/image", conv)
		if err != nil {
			return nil, err
		}
		return withMembers(newObj().Set("type", "image").Set("source", source), kept), nil
	case *wirechat.FilePart:
		block, err := document(p.File, where+"/file", conv)
		if err != nil {
			return nil, err
		}
		return withMembers(block, kept), nil
	case *wirechat.DataPart:
		conv.Degrade("data", where)
		text := providerjson.MustCompact(shared.Raw(p.Data.Value))
		return withMembers(newObj().Set("type", "text").Set("text", text), kept), nil
	case *wirechat.AudioPart:
		if _, isURL := p.Audio.(*wirechat.MediaUrl); isURL {
			return nil, conv.Refuse("audio.url", where+"/audio")
		}
		return nil, conv.Refuse("audio.base64", where+"/audio")
	}
	return nil, conv.Refuse("part.misplaced", where)
}

func imageSource(source wirechat.MediaRef, where string, conv *shared.Conversion) (*obj, error) {
	switch s := source.(type) {
	case *wirechat.MediaUrl:
		if s.MediaType != nil {
			conv.Degrade("media.media_type_dropped", where+"/media_type")
		}
		return newObj().Set("type", "url").Set("url", s.URL), nil
	case *wirechat.MediaBase64:
		if !imageTypes[s.MediaType] {
			return nil, conv.Refuse("media.unsupported_type", where+"/media_type")
		}
		return newObj().Set("type", "base64").Set("media_type", s.MediaType).Set("data", s.Base64), nil
	}
	return nil, shared.Invalid(where, "unknown media source")
}

func document(source wirechat.FileRef, where string, conv *shared.Conversion) (*obj, error) {
	block := newObj().Set("type", "document")
	var name *string
	switch s := source.(type) {
	case *wirechat.FileUri:
		if s.MediaType != nil {
			conv.Degrade("media.media_type_dropped", where+"/media_type")
		}
		block.Set("source", newObj().Set("type", "url").Set("url", s.URI))
		name = s.Name
	case *wirechat.FileBase64:
		switch s.MediaType {
		case "application/pdf":
			block.Set("source", newObj().Set("type", "base64").Set("media_type", "application/pdf").Set("data", s.Base64))
		case "text/plain":
			text, ok := textDocument(s.Base64)
			if !ok {
				return nil, conv.Refuse("media.unsupported_type", where+"/base64")
			}
			block.Set("source", newObj().Set("type", "text").Set("media_type", "text/plain").Set("data", text))
		default:
			return nil, conv.Refuse("media.unsupported_type", where+"/media_type")
		}
		name = s.Name
	case *wirechat.FileId:
		if s.Issuer == nil || *s.Issuer != Provider {
			return nil, conv.Refuse("file.file_id_foreign", where+"/issuer")
		}
		if s.MediaType != nil {
			conv.Degrade("media.media_type_dropped", where+"/media_type")
		}
		block.Set("source", newObj().Set("type", "file").Set("file_id", s.FileID))
		name = s.Name
	}
	if name != nil {
		block.Set("title", *name)
	}
	return block, nil
}

// textDocument is a text/plain document's base64, or ok false when it is not the base64 of UTF-8 text in
// its canonical form (which would not read back the same).
func textDocument(encoded string) (string, bool) {
	data, err := base64.StdEncoding.Strict().DecodeString(encoded)
	if err != nil || base64.StdEncoding.EncodeToString(data) != encoded {
		return "", false
	}
	text := string(data)
	if !utf8.ValidString(text) {
		return "", false
	}
	return text, true
}
