// --list-passes: mlir-opt's format, ttbw's passes and pipelines (with their options) first, then
// the upstream passes ttbw-opt accepts as flags and in pipelines.
// RUN: ttbw-opt --list-passes | FileCheck %s
// CHECK: Passes:
// CHECK-NEXT: --ttir-decompose-backward - Decompose the backward ops
// CHECK: --convert-ttir-to-ttkernel - Lower each function
// CHECK-NEXT: --grid=<str> - core grid COLSxROWS
// CHECK: --ttir-to-tensix-pipeline
// CHECK: --canonicalize - Canonicalize operations
// CHECK: --cse - Eliminate common sub-expressions
