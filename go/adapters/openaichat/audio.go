package openaichat

// Chat Completions audio output (modalities: ["audio"], gpt-4o-audio) <-> canonical audio parts, as
// Python's openai_chat/audio.py.
//
// A reply's message.audio is {id, data, expires_at, transcript}: data becomes the part's base64 source;
// id, expires_at and transcript go to the part's provider_metadata.openai, from where a reply writes them
// back. A stream sends the same members in delta.audio fragments (the id first, base64 data and transcript
// pieces, expires_at last); streamedAudio collects them into the same part.
//
// The media type is not in the reply: the request's audio.format chose it. It is read from the bytes where
// they say it for certain (a WAV, MP3, AAC, FLAC or Ogg header); otherwise (pcm16, headerless, which
// streaming uses) the part says application/octet-stream and provider_metadata.openai.media_type_unknown is
// true: the request's audio.format is the only place that says it.
//
// Replay: an assistant audio part with its OpenAI id goes back as the message's audio: {"id": ...}, the
// API's documented way to refer to an earlier audio reply (the data stays with OpenAI until expires_at).

import (
	"bytes"
	"encoding/base64"
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

const unknownAudioType = "application/octet-stream"

var audioKept = []string{"id", "expires_at", "transcript"}

// sniff is the media type the first bytes of an audio file announce, or "" (headerless PCM, or unknown).
func sniff(head []byte) string {
	switch {
	case len(head) >= 12 && bytes.Equal(head[:4], []byte("RIFF")) && bytes.Equal(head[8:12], []byte("WAVE")):
		return "audio/wav"
	case bytes.HasPrefix(head, []byte("fLaC")):
		return "audio/flac"
	case bytes.HasPrefix(head, []byte("OggS")):
		return "audio/ogg"
	case bytes.HasPrefix(head, []byte("ID3")):
		return "audio/mpeg"
	case len(head) >= 2 && head[0] == 0xFF && head[1]&0xF0 == 0xF0:
		if head[1]&0x06 == 0 { // ADTS has layer 00, MPEG audio does not
			return "audio/aac"
		}
		return "audio/mpeg"
	}
	return ""
}

// strictBase64 decodes standard base64 that holds nothing but the alphabet and its padding (as Python's
// b64decode(validate=True)).
func strictBase64(text string) ([]byte, bool) {
	if strings.ContainsAny(text, "\r\n") {
		return nil, false
	}
	data, err := base64.StdEncoding.DecodeString(text)
	return data, err == nil
}

func audioHead(data string) []byte {
	head, _ := strictBase64(data[:min(len(data), 16)])
	return head
}

// decodeAudio is the audio part, as a tree, of a reply's message.audio; an error naming the pointer if it
// has no base64 data.
func decodeAudio(raw any, where string) (*obj, error) {
	audio, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an audio object, got %s", shared.TypeName(raw))
	}
	data, ok := audio.Get("data").(string)
	if !ok {
		return nil, shared.Invalid(where+"/data", "expected the audio as base64 text")
	}
	mediaType := sniff(audioHead(data))
	metadata := newObj()
	for _, key := range audioKept {
		if v := audio.Get(key); v != nil {
			metadata.Set(key, v)
		}
	}
	if mediaType == "" {
		mediaType = unknownAudioType
		metadata.Set("media_type_unknown", true)
	}
	source := newObj().Set("source", "base64").Set("base64", data).Set("media_type", mediaType)
	return newObj().Set("type", "audio").Set("audio", source).Set("provider_metadata", newObj().Set(Provider, metadata)), nil
}

// encodeAudio is a reply's message.audio for an audio part read from OpenAI (base64, with its id); any
// other audio part has no place in a Chat Completions reply (refused).
func encodeAudio(part *wirechat.AudioPart, where string, conv *shared.Conversion) (*obj, error) {
	own, foreign := shared.MetadataFor(part.ProviderMetadata, Provider)
	if foreign {
		conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
	source, isBase64 := part.Audio.(*wirechat.MediaBase64)
	id, hasID := own.Get("id").(string)
	if !isBase64 || !hasID {
		return nil, conv.Refuse("response.part_unsupported", where)
	}
	out := newObj().Set("id", id).Set("data", source.Base64)
	for _, key := range []string{"expires_at", "transcript"} {
		if own.Has(key) {
			out.Set(key, own.Get(key))
		}
	}
	return out, nil
}

// audioReference is {"id": ...} for an assistant audio part OpenAI issued (what a request sends back),
// else nil.
func audioReference(part *wirechat.AudioPart) *obj {
	own, _ := shared.MetadataFor(part.ProviderMetadata, Provider)
	if id, ok := own.Get("id").(string); ok && id != "" {
		return newObj().Set("id", id)
	}
	return nil
}

// streamedAudio is the delta.audio fragments of one streamed reply, collected into what decodeAudio reads
// from the whole message.audio: base64 pieces decoded and joined as bytes (a piece is base64 of its own
// bytes, so its padding does not survive a plain join), transcript pieces joined as text.
type streamedAudio struct {
	index      int64
	members    *obj
	data       []string
	transcript []string
}

func newStreamedAudio(index int64) *streamedAudio {
	return &streamedAudio{index: index, members: newObj()}
}

func (a *streamedAudio) add(fragment *obj) {
	for _, key := range fragment.Keys() {
		value := fragment.Get(key)
		text, isText := value.(string)
		switch {
		case key == "data" && isText:
			a.data = append(a.data, text)
		case key == "transcript" && isText:
			a.transcript = append(a.transcript, text)
		case value != nil:
			a.members.Set(key, value)
		}
	}
}

func (a *streamedAudio) joinedData() string {
	var raw []byte
	for _, piece := range a.data {
		decoded, ok := strictBase64(piece)
		if !ok {
			return strings.Join(a.data, "") // not base64 piece by piece: the pieces are one text
		}
		raw = append(raw, decoded...)
	}
	return base64.StdEncoding.EncodeToString(raw)
}

func (a *streamedAudio) part(where string) (*obj, error) {
	whole := a.members.Copy()
	whole.Set("data", a.joinedData())
	if len(a.transcript) > 0 {
		whole.Set("transcript", strings.Join(a.transcript, ""))
	}
	return decodeAudio(whole, where)
}
