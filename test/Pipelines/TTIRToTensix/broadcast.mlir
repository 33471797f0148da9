// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// One broadcast operand (X): grad_Y = grad * bcast(X) takes X's tile through unary_bcast
// into DST and multiplies in place (binary_dest_reuse_tiles); grad_X = sum_to(grad * Y)
// computes each product on the SFPU (fp32 DST), packs it to a bf16 L1 CB (the product's
// rounding) and reduces it with reduce_tile (f32 partial sums in L1). The reduce dimension
// is the broadcast one: row broadcast sums columns, and so on.

// CHECK-LABEL: module @row
// CHECK: func.func @compute()
// CHECK: ttkernel.unary_bcast({{.*}}, <row>)
// CHECK: ttkernel.binary_dest_reuse_tiles({{.*}}, <mul>, <dest_to_srca>)
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_col>)
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
func.func @row(%g: tensor<1x1x64x64xbf16>, %a: tensor<1x1x64x64xbf16>, %b: tensor<1x1x1x64xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>
}

// -----

// CHECK-LABEL: module @col
// CHECK: func.func @compute()
// CHECK: ttkernel.unary_bcast({{.*}}, <col>)
// CHECK: ttkernel.binary_dest_reuse_tiles(
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_row>)
func.func @col(%g: tensor<1x1x64x64xbf16>, %a: tensor<1x1x64x64xbf16>, %b: tensor<1x1x64x1xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x64x1xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16>, tensor<1x1x64x1xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x64x1xbf16>)
  return %0#0, %0#1 : tensor<1x1x64x64xbf16>, tensor<1x1x64x1xbf16>
}

// -----

// The broadcast operand may be a (X = a): grad_a is the reduced gradient.
// CHECK-LABEL: func.func @scalar_bcast(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @scalar_bcast_program {
// CHECK: func.func @compute()
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.unary_bcast({{.*}}, <scalar>)
// CHECK: ttkernel.binary_dest_reuse_tiles(
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_scalar>)
func.func @scalar_bcast(%g: tensor<1x1x64x64xbf16>, %a: tensor<1x1x1x1xbf16>, %b: tensor<1x1x64x64xbf16>) -> (tensor<1x1x1x1xbf16>, tensor<1x1x64x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x64x64xbf16>, tensor<1x1x1x1xbf16>, tensor<1x1x64x64xbf16>) -> (tensor<1x1x1x1xbf16>, tensor<1x1x64x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x1x1xbf16>, tensor<1x1x64x64xbf16>
}
