// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel="fuse=false" %s | FileCheck %s
// Composite mode, scalar b: the decomposition's grad -> f32 typecast, multiply by the rank-0
// scalar, -> bf16 typecast. The scalar (ttir.full for a constant, tensor.from_elements of the
// f32 argument at run time) gets no program: it is the multiply program's runtime scalar
// (a ("scalar",) leaf of the codegen: fill_tile, compute args m, n_up, n_down:
// f32(b) = m * 2^(n_up - n_down)).

// CHECK-LABEL: module @const_scalar attributes {ttbw.composite =
// CHECK-SAME: \22programs\22:[{\22name\22:\22const_scalar_0_typecast\22,\22op\22:\22ttir.typecast\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22],\22outputs\22:[\22typecast1\22]},{\22name\22:\22const_scalar_1_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22typecast1\22],\22outputs\22:[\22multiply2\22]},{\22name\22:\22const_scalar_2_typecast\22,\22op\22:\22ttir.typecast\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply2\22],\22outputs\22:[\22typecast3\22]}]
// CHECK-NOT: ttir.full
// CHECK: module @const_scalar_1_multiply attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22
// CHECK-SAME: \22name\22:\22compute\22,{{.*}}\22runtime_args\22:[{\22core\22:[0,0],\22args\22:[1,1,10485760,0,22]}
// CHECK-SAME: \22scalar\22:{\22runtime\22:false,\22value\22:2.5}
// CHECK: "ttkernel.fill_tile"
// CHECK: "ttkernel.mul_binary_tile"
// CHECK-NOT: module @const_scalar_3
func.func @const_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %s = arith.constant 2.5 : f32
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// CHECK-LABEL: module @runtime_scalar attributes {ttbw.composite =
// CHECK-SAME: \22variant\22:\22generic\22,\22inputs\22:[\22typecast1\22],\22outputs\22:[\22multiply2\22]}
// CHECK: module @runtime_scalar_1_multiply attributes {ttbw.program =
// CHECK-SAME: \22runtime_args\22:[{\22core\22:[0,0],\22args\22:[1,1,{\22scalar\22:\22m\22},{\22scalar\22:\22n_up\22},{\22scalar\22:\22n_down\22}]}
// CHECK-SAME: \22scalar\22:{\22runtime\22:true,\22arg\22:2,
func.func @runtime_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>, %s: f32) -> tensor<64x64xbf16> {
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}
