module github.com/wirechat/wirechat/go

go 1.26

require github.com/gowebpki/jcs v1.0.2
