// RUN: not ttbw-translate --ttkernel-to-cpp %s 2>&1 | FileCheck %s
// The real TTKernel verifier rejects an i32 where a CB is required.

// CHECK: ttkernel_to_cpp_verify_negative.mlir:[[@LINE+5]]:5: error: 'ttkernel.mul_tiles' op operand #0 must be TTKernel cb, but got 'i32'
// CHECK-NOT: Traceback
module {
  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    "ttkernel.mul_tiles"(%c0, %c0, %c0, %c0, %c0) : (i32, i32, i32, i32, i32) -> ()
    return
  }
}
