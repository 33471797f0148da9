// --show-dialects: the dialects ttbw-opt reads (tt-mlir's in tt-mlir's context), on one line as
// mlir-opt prints them.
// RUN: ttbw-opt --show-dialects | FileCheck %s
// CHECK: Available Dialects: {{.*}},tensor,{{.*}},ttcore,ttir,ttkernel,ttmetal,ttnn,
