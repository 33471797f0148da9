// RUN: ttbw-opt --help | FileCheck %s
// RUN: ttbw-opt --version | FileCheck %s --check-prefix=VERSION

// CHECK: usage: ttbw-opt
// CHECK: --split-input-file
// CHECK: --verify-diagnostics
// CHECK: --pass-pipeline PIPELINE
// CHECK: --mlir-print-ir-after-all
// CHECK: --mlir-print-ir-before-all
// CHECK: --mlir-print-debuginfo
// CHECK: ttbw passes:
// CHECK: --ttir-decompose-backward
// CHECK: --ttir-reduce-broadcast-grads
// CHECK: --ttir-expand-complex
// CHECK-NOT: --ttir-cleanup
// CHECK: ttbw pipelines:
// CHECK: --ttir-backward-decomposition-pipeline
// VERSION: ttbw-opt 0.1.0
