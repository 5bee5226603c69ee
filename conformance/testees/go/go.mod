module github.com/wirechat/wirechat/conformance/testees/go

go 1.26

require github.com/wirechat/wirechat/go v0.0.0

require github.com/gowebpki/jcs v1.0.2 // indirect

replace github.com/wirechat/wirechat/go => ../../../go
