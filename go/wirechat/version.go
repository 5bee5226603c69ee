package wirechat

import "github.com/wirechat/wirechat/go/internal/wire"

// Version is the release version of this module, the same in every language's package (the repository's
// VERSION file, written into the generated code by wirechat codegen).
const Version = wire.Version
