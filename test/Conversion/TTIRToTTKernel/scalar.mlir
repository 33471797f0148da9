// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel %s | FileCheck %s
// Scalar b: grad * s in fp32 on the SFPU (fill_tile makes the scalar tile, mul_binary_tile);
// only grad is read, one output. A constant scalar's encoding (m, n_up, n_down) is in the
// compute args; a function-argument scalar's three args are symbolic.

// CHECK-LABEL: module @runtime_scalar
// CHECK-SAME: \22args\22:[{{[0-9]+}},1,{\22scalar\22:\22m\22},{\22scalar\22:\22n_up\22},{\22scalar\22:\22n_down\22}]
// CHECK-SAME: \22scalar\22:{\22runtime\22:true
// CHECK: func.func @reader()
// CHECK-COUNT-1: ttkernel.noc_async_read_tile(
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.init_sfpu(
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-1: ttkernel.noc_async_write_tile(
// CHECK-NOT: ttkernel.noc_async_write_tile(
func.func @runtime_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>, %s: f32) -> tensor<64x64xbf16> {
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// 4.0 = 8388608 * 2^-21
// CHECK-LABEL: module @constant_scalar
// CHECK-SAME: \22args\22:[1,1,8388608,0,21]
// CHECK-SAME: \22scalar\22:{\22runtime\22:false,\22value\22:4.0}
// CHECK-NOT: arith.constant 4.0
func.func @constant_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %s = arith.constant 4.0 : f32
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}
