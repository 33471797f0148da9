// --show-dialects: the dialects ttbw-opt's context loads, on one line as mlir-opt prints them.
// RUN: ttbw-opt --show-dialects | FileCheck %s
// CHECK: Available Dialects: {{.*}}arith,{{.*}},func,{{.*}},linalg,{{.*}},tensor,{{.*}}ttir
