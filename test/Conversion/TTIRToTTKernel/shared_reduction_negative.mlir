// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s | FileCheck %s
// A reduction several results read is cloned per reader, but a reader that needs the finished
// sum before its first element (the sum read back over its summed dims: a second pass over
// the data) is still no part of one program: op by op, with a warning saying why.

// CHECK-LABEL: func.func @sum_and_its_difference(
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @sum_and_its_difference(%x: tensor<64x96xbf16>) -> (tensor<1x96xbf16>, tensor<64x96xbf16>) {
  // expected-warning @+1 {{'ttir.sum' op: not one fused program (codegen: an elementwise generic reads a reduction's result broadcast over more elements than it has: each needs the finished sum, a second pass over the data): lowered as 2 programs, one per TTIR op}}
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<1x96xbf16>
  %1 = "ttir.subtract"(%0, %x) : (tensor<1x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %0, %1 : tensor<1x96xbf16>, tensor<64x96xbf16>
}
