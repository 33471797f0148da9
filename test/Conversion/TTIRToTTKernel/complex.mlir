// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// Complex tensors as (real, imag) pairs: six input buffers, four output buffers, one program.

// CHECK-LABEL: func.func @complex(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @complex_program {
// CHECK: func.func @reader()
// CHECK-COUNT-6: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK-COUNT-4: ttkernel.mul_tiles(
// CHECK: ttkernel.sub_binary_tile(
// CHECK-COUNT-4: ttkernel.mul_tiles(
// CHECK: ttkernel.add_binary_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-4: ttkernel.noc_async_write_tile(
// CHECK-NOT: ttkernel.noc_async_write_tile(
func.func @complex(%g: tensor<1x1x32x64xcomplex<bf16>>, %a: tensor<1x1x32x64xcomplex<bf16>>, %b: tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>
}
