// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Inputs that abort MLIR's parser (the bindings are built with assertions) are refused with
// a located error before MLIR sees them (found by test/fuzz).

// expected-error @+1 {{expected integer or float type, got: 'index' (dense arrays have no index elements)}}
module attributes {test.x = array<index: 1, 2>} {
}

// -----

// expected-error @+1 {{expected integer or float type, got: 'index' (dense arrays have no index elements)}}
module attributes {test.x = array< index>} {
}

// -----

// Only what MLIR parses counts: not a comment (array<index: 1>), not a string.
module attributes {test.s = "array<index: 1>", test.y = array<i64: 1>} {
}
