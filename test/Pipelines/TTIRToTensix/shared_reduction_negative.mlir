// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// A sum returned beside the reader that reads it back over its summed dims is no part of one
// program (the read-back walk writes only elementwise results): grouped by result, the sum (and
// its rounding) one program, the reader with a clone of the sum the read-back walk (2 programs,
// fewer than the 3 of per reduction and generic, which compute the sum once), with a warning
// saying why.

// CHECK-LABEL: func.func @sum_and_its_difference(
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @sum_and_its_difference_0_sum
// CHECK: module @sum_and_its_difference_1_sum
// CHECK-NOT: module @sum_and_its_difference_2
func.func @sum_and_its_difference(%x: tensor<64x96xbf16>) -> (tensor<1x96xbf16>, tensor<64x96xbf16>) {
  // expected-warning @+1 {{function @sum_and_its_difference is not one fused program (codegen: a reduction returned beside read-back sums): lowered as 2 programs}}
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<1x96xbf16>
  %1 = "ttir.subtract"(%0, %x) : (tensor<1x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %0, %1 : tensor<1x96xbf16>, tensor<64x96xbf16>
}
