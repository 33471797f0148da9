// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// Both operands broadcast: both gradients are sums over different axes, in one program
// (grad read once; a and b once each). Two-sided variant of the host description.

// CHECK-LABEL: func.func @two_sided(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @two_sided_program {
// CHECK: func.func @reader()
// CHECK-COUNT-3: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.unary_bcast(
// CHECK: ttkernel.binary_dest_reuse_tiles(
// CHECK: ttkernel.reduce_tile({{.*}}reduce_dim_row
// CHECK: ttkernel.add_binary_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
func.func @two_sided(%g: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x1xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>
}
