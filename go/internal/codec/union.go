package codec

// Tagged unions: finding the tag member of an object before its variant is decoded.

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
)

// PeekTag looks ahead into the object that comes next for its tag member (name) and returns the index
// of its value in tags, leaving the decoder before the object so that the variant's decoder reads all
// of it. When the value is not an object, or the tag is missing, not a string or unknown, it reports
// the problem (at the tag member, as the spec asks), skips the object and returns -1.
func (d *Decoder) PeekTag(name string, tags []string) int {
	if d.fatal {
		return -1
	}
	if !d.begin() {
		return -1
	}
	if d.peek() != '{' {
		d.mismatch("an object")
		return -1
	}
	data := d.data
	for i := d.pos + 1; ; {
		i = skipSpaceAt(data, i)
		if i >= len(data) || data[i] != '"' {
			break // the end of the object, or a syntax error that the skip below reports
		}
		end, ok := quietString(data, i)
		if !ok {
			break
		}
		isTag := sameName(data[i:end], name)
		i = skipSpaceAt(data, end)
		if i >= len(data) || data[i] != ':' {
			break
		}
		i = skipSpaceAt(data, i+1)
		if isTag {
			return d.tagValue(name, tags, i)
		}
		if i, ok = quietSkip(data, i); !ok {
			break
		}
		if i = skipSpaceAt(data, i); i >= len(data) || data[i] != ',' {
			break
		}
		i++
	}
	d.skipWithTagProblem(name, RuleDiscriminator, "required member is missing (it names the variant: one of "+listTags(tags)+")")
	return -1
}

// tagValue judges the tag value that starts at data[i].
func (d *Decoder) tagValue(name string, tags []string, i int) int {
	data := d.data
	end, ok := quietSkip(data, i)
	if !ok {
		d.value() // reports the syntax error
		return -1
	}
	token := data[i:end]
	if token[0] == '-' || (token[0] >= '0' && token[0] <= '9') {
		if rule, _ := numberFault(token, !bytes.ContainsAny(token, ".eE")); rule != "" {
			d.value() // reports the number rule at the tag, alone (spec section 5)
			return -1
		}
	}
	if token[0] != '"' {
		d.skipWithTagProblem(name, RuleDiscriminator, "must be a string naming the variant, one of "+listTags(tags)+" (got "+describe(token)+")")
		return -1
	}
	if !bytes.ContainsRune(token, '\\') {
		body := token[1 : len(token)-1]
		for index, tag := range tags {
			if string(body) == tag {
				return index
			}
		}
	} else if index := slices.Index(tags, unquoteQuiet(token)); index >= 0 {
		return index
	}
	d.skipWithTagProblem(name, RuleDiscriminator, "unknown tag "+Quote(unquoteQuiet(token))+" (expected one of "+listTags(tags)+")")
	return -1
}

// skipWithTagProblem skips the union object and reports a problem at its tag member, unless the object
// turns out to be malformed (then the syntax error is the problem).
func (d *Decoder) skipWithTagProblem(name, rule, message string) {
	d.value()
	if !d.fatal {
		d.reportAt(name, rule, message)
	}
}

func sameName(token []byte, name string) bool {
	if len(token) == len(name)+2 && string(token[1:len(token)-1]) == name {
		return true
	}
	return bytes.ContainsRune(token, '\\') && unquoteQuiet(token) == name
}

func listTags(tags []string) string {
	quoted := make([]string, len(tags))
	for i, tag := range tags {
		quoted[i] = strconv.Quote(tag)
	}
	return strings.Join(quoted, ", ")
}
