// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel="fuse=false" %s | FileCheck %s
// Composite mode, complex tensors: --ttir-expand-complex gives (real, imag) pairs; each
// gradient part is two multiplies and an add or subtract, each its own program:
// grad_a = (gr*br + gi*bi) + i(gi*br - gr*bi). Buffers are the parts (arg0 = grad.real, arg1 = grad.imag, ...), arg and
// result positions those of the decomposed function.

// CHECK-LABEL: module @cplx attributes {ttbw.composite =
// CHECK-SAME: {\22name\22:\22cplx_0_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg4\22],\22outputs\22:[\22multiply0\22]},{\22name\22:\22cplx_1_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg1\22,\22arg5\22],\22outputs\22:[\22multiply1\22]},{\22name\22:\22cplx_2_add\22,\22op\22:\22ttir.add\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply0\22,\22multiply1\22],\22outputs\22:[\22add2\22]}
// CHECK-SAME: {\22name\22:\22cplx_5_subtract\22,\22op\22:\22ttir.subtract\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply3\22,\22multiply4\22],\22outputs\22:[\22subtract5\22]}
// CHECK-SAME: {\22name\22:\22arg1\22,\22shape\22:[1,1,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,\22page_size\22:2048,\22num_pages\22:2,\22arg\22:1,
// CHECK-SAME: {\22name\22:\22add2\22,{{[^}]*}}\22result\22:0,
// CHECK-SAME: {\22name\22:\22subtract11\22,{{[^}]*}}\22result\22:3,
// CHECK: module @cplx_0_multiply attributes {ttbw.program =
// CHECK-SAME: {\22name\22:\22arg0\22,\22role\22:\22input\22,{{[^}]*}}\22arg\22:0}
// CHECK: module @cplx_2_add attributes {ttbw.program =
// CHECK: "ttkernel.add_binary_tile"
// CHECK: module @cplx_5_subtract attributes {ttbw.program =
// CHECK: "ttkernel.sub_binary_tile"
// CHECK: module @cplx_11_subtract
// CHECK-NOT: module @cplx_12
func.func @cplx(%g: tensor<1x1x32x64xcomplex<bf16>>, %a: tensor<1x1x32x64xcomplex<bf16>>, %b: tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>
}
