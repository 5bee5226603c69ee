package openaicompatible

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
)

func newStreamDecoder(profile *Profile, dialect *openaichat.Dialect) adapters.StreamDecoder {
	return openaichat.NewStreamDecoderWith(dialect)
}

func newStreamEncoder(profile *Profile, dialect *openaichat.Dialect) adapters.StreamEncoder {
	return openaichat.NewStreamEncoderWith(dialect)
}
