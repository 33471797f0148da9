// --no-implicit-module needs one top-level op, as mlir-opt: two (or none) are refused, per chunk,
// located at the second op (or, with none, at the chunk's first line).
// RUN: not ttbw-opt --split-input-file --no-implicit-module %s 2>&1 | FileCheck %s

// CHECK: no_implicit_module_negative.mlir:[[# @LINE + 4]]:1: error: source must contain a single top-level operation, found: 2
func.func @one() {
  return
}
func.func @two() {
  return
}

// -----

// CHECK: no_implicit_module_negative.mlir:[[# @LINE - 1]]:1: error: source must contain a single top-level operation, found: 0
