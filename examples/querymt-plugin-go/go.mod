module github.com/wirechat/wirechat/examples/querymt-plugin-go

go 1.26

require (
	github.com/extism/go-pdk v1.1.3
	github.com/wirechat/wirechat/go v0.0.0
)

require (
	github.com/gowebpki/jcs v1.0.2 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	golang.org/x/text v0.17.0 // indirect
)

replace github.com/wirechat/wirechat/go => ../../go
