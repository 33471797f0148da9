// A lowered module whose kernel names a runtime-arg slot its runtime args do not have (an
// address slot edited to 2^32) is refused by name before anything runs, not an IndexError.
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
// RUN: sed -e '0,/address_slots = array<i64: 0>/s//address_slots = array<i64: 4294967296>/' %t.mlir > %t.bad.mlir
// RUN: not ttbw-run %t.bad.mlir 1 1 2>&1 | FileCheck %s
// CHECK: ttbw-run: error: {{.*}}kernel_slots_negative.mlir.tmp.bad.mlir: host function @neg_bw: kernel @reader: address_slots 4294967296 is not a slot of its {{[0-9]+}} runtime args
// CHECK-NOT: Traceback
func.func @neg_bw(%grad: tensor<2x4xbf16>, %a: tensor<2x4xbf16>) -> tensor<2x4xbf16> {
  %0 = ttir.neg_bw %grad, %a : tensor<2x4xbf16>, tensor<2x4xbf16> -> tensor<2x4xbf16>
  return %0 : tensor<2x4xbf16>
}
