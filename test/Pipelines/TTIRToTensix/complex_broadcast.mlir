// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | ttbw-translate --ttkernel-to-cpp - | FileCheck %s --check-prefix=CPP
// Complex tensors with broadcast, fused: four results (the real and imag part of each
// gradient) in one program. Each gradient part combines two products (re = gr*or + gi*oi,
// im = gi*or - gr*oi); a summed gradient sums the combined part with f32 partials. Only the
// results are written: no intermediate goes to DRAM.

// One side, bf16: b row-broadcast. The products are rounded to bf16 through the hop CBs 8 / 9
// (the decomposition's bf16 ttir.multiply), combined, rounded to bf16 as the sum's term (the
// term CBs), reduced over the broadcast rows.
// CHECK: func.func @reader()
// CHECK: scf.for
// CHECK-COUNT-2: ttkernel.noc_async_read_tile(
// CHECK: scf.for
// CHECK-COUNT-4: ttkernel.noc_async_read_tile(
// CHECK-NOT: noc_async_write
// CHECK: func.func @compute()
// CHECK: ttkernel.unary_bcast({{.*}}, <row>)
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.sub_binary_tile(
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_col>)
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_col>)
// CHECK: func.func @writer()
// CHECK-COUNT-4: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
// CPP-LABEL: // ===== kernel: complex_row_program.compute =====
// CPP: unary_bcast<
// CPP: add_binary_tile(
// CPP: sub_binary_tile(
// CPP: reduce_tile<
func.func @complex_row(%g: tensor<1x1x64x64xcomplex<bf16>>, %a: tensor<1x1x64x64xcomplex<bf16>>, %b: tensor<1x1x1x64xcomplex<bf16>>) -> (tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<bf16>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<bf16>>) -> (tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<bf16>>
}

// Both sides, f32: a (1,3,32,1), b (1,1,32,64); the gradients are cross reductions (grad_a
// sums b's broadcast columns, grad_b a's broadcast channels): b's parts are held per unit
// and the (re, im) partials of grad_b rotate through f32 FIFOs of one tile per inner step.
// The f32 terms are reduced inside the tile as three TF32-exact parts each (reduce_tile x 3).
// CHECK: func.func @reader()
// CHECK: scf.for
// CHECK: scf.for
// CHECK-COUNT-2: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK-COUNT-3: ttkernel.reduce_tile(
// CHECK: ttkernel.reduce_tile(
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.add_binary_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK: scf.for
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CPP-LABEL: // ===== kernel: complex_two_sided_program.compute =====
// CPP: mul_binary_tile(
// CPP: sub_binary_tile(
func.func @complex_two_sided(%g: tensor<1x3x32x64xcomplex<f32>>, %a: tensor<1x3x32x1xcomplex<f32>>, %b: tensor<1x1x32x64xcomplex<f32>>) -> (tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xcomplex<f32>>, tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>) -> (tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>)
  return %0#0, %0#1 : tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>
}
