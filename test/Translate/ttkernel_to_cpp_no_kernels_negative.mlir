// RUN: not ttbw-translate --ttkernel-to-cpp %s 2>&1 | FileCheck %s
// A module without any `ttkernel.thread` function has nothing to translate.

// CHECK: ttkernel_to_cpp_no_kernels_negative.mlir:1:1: error: module contains no function with a 'ttkernel.thread' attribute
module {
  func.func @plain() {
    return
  }
}
