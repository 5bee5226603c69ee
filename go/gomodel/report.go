package gomodel

// Warnings, refusals and errors: what a conversion reports, with the manifest texts the Python adapter
// declares for the same features (the generated go-model manifest).

import (
	"fmt"

	"github.com/wirechat/wirechat/go/internal/tables"
)

// Warning is a degradation applied while writing go-model JSON: the feature and where it was.
type Warning struct {
	Feature string // a manifest feature, such as "zero_values" or "reasoning.text"
	Pointer string // where in the wirechat document
	Message string // what happened to the data
}

func (w Warning) String() string {
	return fmt.Sprintf("%s: %s: %s", w.Feature, orRoot(w.Pointer), w.Message)
}

// Refused is returned when go-model cannot say something without changing its meaning.
type Refused struct {
	Feature string
	Pointer string
	Reason  string
}

func (r *Refused) Error() string {
	return fmt.Sprintf("refused (%s) at %s: %s", r.Feature, orRoot(r.Pointer), r.Reason)
}

// Error is a go-model document that wirechat cannot hold (or that is not a go-model document), at
// Pointer in that document.
type Error struct {
	Pointer string
	Message string
}

func (e *Error) Error() string { return orRoot(e.Pointer) + ": " + e.Message }

func orRoot(pointer string) string {
	if pointer == "" {
		return "(root)"
	}
	return pointer
}

func errorf(pointer, format string, args ...any) *Error {
	return &Error{Pointer: pointer, Message: fmt.Sprintf(format, args...)}
}

// manifestText is the warning or refusal text the go-model manifest declares for feature (generated from
// adapters/go-model.adapter.json into go/internal/tables, decision 028: the same texts as Python's).
func manifestText(feature string) string {
	return tables.GoModel.Manifest.Features[feature].Message
}

// conversion collects the warnings of one conversion from wirechat.
type conversion struct{ warnings []Warning }

func (c *conversion) degrade(feature, pointer string) {
	c.warnings = append(c.warnings, Warning{Feature: feature, Pointer: pointer, Message: manifestText(feature)})
}

func refuse(feature, pointer string) *Refused {
	return &Refused{Feature: feature, Pointer: pointer, Reason: manifestText(feature)}
}
