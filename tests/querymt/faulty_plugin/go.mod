module github.com/wirechat/wirechat/tests/querymt/faulty_plugin

go 1.26

require github.com/extism/go-pdk v1.1.3
