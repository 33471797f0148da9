// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// Complex tensors (after ttir-expand-complex, as (real, imag) pairs): six input buffers, four
// output buffers, one program; buffers are the decomposed function's (argument 2k, 2k + 1 the
// parts of complex argument k). Each part of a gradient combines two bf16 products, each
// rounded to bf16 first (a rounding hop through CB 8 / 9, as the decomposition's bf16
// ttir.multiply does), then added / subtracted on the SFPU and rounded once by the pack.

// CHECK: func.func @reader()
// CHECK-COUNT-6: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.pack_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.pack_tile(
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.sub_binary_tile(
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.sub_binary_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-4: ttkernel.noc_async_write_tile(
// CHECK-NOT: ttkernel.noc_async_write_tile(
func.func @complex(%g: tensor<1x1x32x64xcomplex<bf16>>, %a: tensor<1x1x32x64xcomplex<bf16>>, %b: tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>
}
