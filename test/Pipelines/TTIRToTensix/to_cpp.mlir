// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | ttbw-translate --ttkernel-to-cpp - | FileCheck %s
// The pass output (one nested module per program) translates with tt-mlir: each kernel of
// the nested module, named "<module>.<kernel>".

// CHECK: // ===== kernel: same_shape_program.reader =====
// CHECK: void kernel_main() {
// CHECK: noc_async_read_tile(
// CHECK: // ===== kernel: same_shape_program.compute =====
// CHECK: void kernel_main() {
// CHECK: mul_tiles(
// CHECK: mul_tiles(
// CHECK: pack_tile<false>(
// CHECK: // ===== kernel: same_shape_program.writer =====
// CHECK: void kernel_main() {
// CHECK: noc_async_write_tile(
func.func @same_shape(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>
}
