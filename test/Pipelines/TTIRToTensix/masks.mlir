// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// are_required_outputs = [false, true]: only other_grad = grad * a. b is not read; one
// output CB (16), one DRAM write.

// CHECK-LABEL: func.func @mask(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @mask_program {
// CHECK: func.func @reader()
// CHECK-COUNT-2: ttkernel.noc_async_read_tile(
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK-COUNT-1: ttkernel.mul_tiles(
// CHECK-NOT: ttkernel.mul_tiles(
// CHECK-COUNT-1: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-1: ttkernel.noc_async_write_tile(
// CHECK-NOT: ttkernel.noc_async_write_tile(
func.func @mask(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
