// --list-passes: mlir-opt's format, ttbw's passes and pipelines (with their options) first, then
// the upstream passes ttbw-opt accepts as flags and in pipelines.
// RUN: ttbw-opt --list-passes | FileCheck %s
// CHECK: Passes:
// CHECK-NEXT: --ttir-decompose-backward - Decompose the backward ops
// CHECK: --ttbw-outline-programs - Group each function's generics into programs
// CHECK-NEXT: --fuse=<bool> - true: one program per function
// CHECK: --convert-linalg-to-ttkernel - Lower each program function to TTKernel
// CHECK-NEXT: --grid=<str> - core grid COLSxROWS
// CHECK: --ttbw-fuse-programs - Device linalg into programs
// CHECK: --ttir-to-tensix-pipeline
// CHECK: --canonicalize - Canonicalize operations
// CHECK: --cse - Eliminate common sub-expressions
