package gemini

// Gemini's media parts both ways, as Python's gemini/media.py: inlineData (base64 with its media type)
// and fileData (a URI). inlineData is an image, audio or file part by its media type; its base64 reads in
// the standard alphabet (the API also takes, and may send, the URL-safe one). fileData is a file by URI,
// or a file id when the URI is under the Gemini API's base (filesBase + files/..., the id being the
// rest). Writing checks the media types the tables list and refuses media by URL (Gemini takes a URI only
// as fileData: a file part); the same checks hold in a user's turn and in the model's.

import (
	"encoding/base64"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// filesBase is the base of Files API URIs: this and the file's resource name (files/abc), the file id.
const filesBase = "https://generativelanguage.googleapis.com/v1beta/"

// standardB64 is base64 in the standard alphabet; anything else inline is read as the URL-safe one.
var standardB64 = regexp.MustCompile(`^[A-Za-z0-9+/]*={0,2}$`)

// standardBase64 is data in the standard alphabet: as given when it is, else read as the URL-safe one
// (characters outside the alphabet skipped, as Python's urlsafe_b64decode does) and written again.
func standardBase64(value any, where string) (string, error) {
	data, ok := value.(string)
	if !ok {
		return "", shared.Invalid(where, "expected base64 text, got %s", shared.TypeName(value))
	}
	if standardB64.MatchString(data) {
		return data, nil
	}
	var kept strings.Builder
	for _, c := range data {
		switch {
		case c == '-':
			kept.WriteByte('+')
		case c == '_':
			kept.WriteByte('/')
		case c == '=':
			goto done
		case c < utf8.RuneSelf && (c == '+' || c == '/' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'):
			kept.WriteRune(c)
		}
	}
done:
	raw, err := base64.RawStdEncoding.DecodeString(kept.String())
	if err != nil {
		return "", shared.Invalid(where, "not base64")
	}
	return base64.StdEncoding.EncodeToString(raw), nil
}

func str(value any, where string) (string, error) {
	s, ok := value.(string)
	if !ok {
		return "", shared.Invalid(where, "expected a string, got %s", shared.TypeName(value))
	}
	return s, nil
}

// decodeInline is the image, audio or file part of an inlineData blob.
func decodeInline(raw any, where string) (*obj, error) {
	blob, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an object")
	}
	mediaType, err := str(blob.Get("mimeType"), where+"/mimeType")
	if err != nil {
		return nil, err
	}
	data := any("")
	if blob.Has("data") {
		data = blob.Get("data")
	}
	text, err := standardBase64(data, where+"/data")
	if err != nil {
		return nil, err
	}
	kind := "file"
	if strings.HasPrefix(mediaType, "image/") {
		kind = "image"
	} else if strings.HasPrefix(mediaType, "audio/") {
		kind = "audio"
	}
	source := newObj().Set("source", "base64").Set("base64", text).Set("media_type", mediaType)
	if name, ok := blob.Get("displayName").(string); ok && kind == "file" {
		source.Set("name", name)
	}
	return newObj().Set("type", kind).Set(kind, source), nil
}

// decodeFileData is the file part of a fileData reference: a file id under filesBase, else a URI.
func decodeFileData(raw any, where string) (*obj, error) {
	file, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an object")
	}
	uri, err := str(file.Get("fileUri"), where+"/fileUri")
	if err != nil {
		return nil, err
	}
	var source *obj
	if strings.HasPrefix(uri, filesBase) && len(uri) > len(filesBase) {
		source = newObj().Set("source", "file_id").Set("file_id", uri[len(filesBase):]).Set("issuer", Provider)
	} else {
		source = newObj().Set("source", "uri").Set("uri", uri)
	}
	if mediaType, ok := file.Get("mimeType").(string); ok {
		source.Set("media_type", mediaType)
	}
	if name, ok := file.Get("displayName").(string); ok {
		source.Set("name", name)
	}
	return newObj().Set("type", "file").Set("file", source), nil
}

// checkType refuses a media type the tables do not list for kind, and inline text/plain that is not
// UTF-8 kept byte for byte.
func checkType(kind, mediaType, data, where string, conv *shared.Conversion) error {
	if !slices.Contains(tables.Gemini.MediaTypes[kind], mediaType) {
		return conv.Refuse("media.unsupported_type", where+"/media_type")
	}
	if mediaType == "text/plain" {
		raw, err := base64.StdEncoding.DecodeString(data)
		if err != nil || !utf8.Valid(raw) || base64.StdEncoding.EncodeToString(raw) != data {
			return conv.Refuse("media.unsupported_type", where+"/base64")
		}
	}
	return nil
}

func encodeMediaRef(kind string, ref wirechat.MediaRef, where string, conv *shared.Conversion) (*obj, error) {
	switch source := ref.(type) {
	case *wirechat.MediaUrl:
		return nil, conv.Refuse(kind+".url", where+"/url")
	case *wirechat.MediaBase64:
		if err := checkType(kind, source.MediaType, source.Base64, where, conv); err != nil {
			return nil, err
		}
		return newObj().Set("inlineData", newObj().Set("mimeType", source.MediaType).Set("data", source.Base64)), nil
	}
	panic("gemini: unknown media source")
}

func encodeFileRef(ref wirechat.FileRef, where string, conv *shared.Conversion) (*obj, error) {
	var out, inner *obj
	var name *string
	switch source := ref.(type) {
	case *wirechat.FileBase64:
		if err := checkType("file", source.MediaType, source.Base64, where, conv); err != nil {
			return nil, err
		}
		inner = newObj().Set("mimeType", source.MediaType).Set("data", source.Base64)
		out, name = newObj().Set("inlineData", inner), source.Name
	case *wirechat.FileId:
		if source.Issuer == nil || *source.Issuer != Provider {
			return nil, conv.Refuse("file.file_id_foreign", where+"/issuer")
		}
		inner = newObj().Set("fileUri", filesBase+source.FileID)
		if source.MediaType != nil {
			inner.Set("mimeType", *source.MediaType)
		}
		out, name = newObj().Set("fileData", inner), source.Name
	case *wirechat.FileUri:
		inner = newObj().Set("fileUri", source.URI) // a data: URI too: fileData takes any URI, kept as given
		if source.MediaType != nil {
			inner.Set("mimeType", *source.MediaType)
		}
		out, name = newObj().Set("fileData", inner), source.Name
	default:
		panic("gemini: unknown file source")
	}
	if name != nil {
		inner.Set("displayName", *name)
	}
	return out, nil
}

// encodeMedia is inlineData or fileData for an image, audio or file part, in any turn.
func encodeMedia(part wirechat.Part, where string, conv *shared.Conversion) (*obj, error) {
	switch p := part.(type) {
	case *wirechat.ImagePart:
		return encodeMediaRef("image", p.Image, where+"/image", conv)
	case *wirechat.AudioPart:
		return encodeMediaRef("audio", p.Audio, where+"/audio", conv)
	case *wirechat.FilePart:
		return encodeFileRef(p.File, where+"/file", conv)
	}
	panic("gemini: not a media part")
}
