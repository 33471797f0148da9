// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel="fuse=false" %s | FileCheck %s
// Composite mode over f32, bfloat8_b and mixed dtypes: every buffer carries its real device
// format; the decomposition's typecasts are programs of their own (unpack, pack to the other
// format); sums of f32 products reduce three TF32-exact parts of each tile (f32 CBs 21, 22).

// f32, b row-broadcast, grad_b only: an f32 multiply (SFPU), then an f32 sum.
// CHECK-LABEL: module @f32_row attributes {ttbw.composite =
// CHECK-SAME: \22programs\22:[{\22name\22:\22f32_row_0_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg1\22],\22outputs\22:[\22multiply0\22]},{\22name\22:\22f32_row_1_sum\22,\22op\22:\22ttir.sum\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply0\22],\22outputs\22:[\22sum1\22]}]
// CHECK-SAME: {\22name\22:\22multiply0\22,\22shape\22:[1,3,32,64],\22dtype\22:\22f32\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,\22page_size\22:4096,\22num_pages\22:6,\22intermediate\22:true
// CHECK: module @f32_row_0_multiply attributes {ttbw.program =
// CHECK-SAME: \22circular_buffers\22:[{\22index\22:0,\22format\22:\22f32\22,\22pages\22:2,\22page_size\22:4096},{\22index\22:1,\22format\22:\22f32\22,\22pages\22:2,\22page_size\22:4096},{\22index\22:16,\22format\22:\22f32\22,\22pages\22:2,\22page_size\22:4096}]
// CHECK-SAME: \22name\22:\22compute\22,\22thread\22:\22compute\22,\22processor\22:\22compute\22,\22compile_args\22:[0,1,16,17,18,19,20,21,22,23],\22fp32_dest_acc_en\22:true
// CHECK: "ttkernel.copy_tile"
// CHECK: "ttkernel.mul_binary_tile"
// CHECK: "ttkernel.pack_tile"
// CHECK: module @f32_row_1_sum attributes {ttbw.program =
// CHECK-SAME: {\22index\22:17,\22format\22:\22bf16\22,\22pages\22:1,\22page_size\22:2048},{\22index\22:18,\22format\22:\22f32\22,\22pages\22:1,\22page_size\22:4096},{\22index\22:21,\22format\22:\22f32\22,\22pages\22:4,\22page_size\22:4096},{\22index\22:22,\22format\22:\22f32\22,\22pages\22:1,\22page_size\22:4096}
// CHECK: func.func @compute()
// CHECK: "ttkernel.mul_tiles"
// CHECK: "ttkernel.sub_binary_tile"
// CHECK-COUNT-3: "ttkernel.reduce_tile"
func.func @f32_row(%g: tensor<1x3x32x64xf32>, %a: tensor<1x3x32x64xf32>, %b: tensor<1x3x1x64xf32>) -> tensor<1x3x1x64xf32> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<1x3x32x64xf32>, tensor<1x3x32x64xf32>, tensor<1x3x1x64xf32>) -> tensor<1x3x1x64xf32>
  return %0 : tensor<1x3x1x64xf32>
}

// -----

// grad bf16, a f32, b bfloat8_b (channel broadcast): grad * bcast(b) in bf16 (an exact FPU
// multiply, b held per unit), cast to f32; grad cast to f32, times a, summed in f32, cast
// to bfloat8_b through a bf16 CB (20): bfloat8_b elements are bf16 values.
// CHECK-LABEL: module @mixed attributes {ttbw.composite =
// CHECK-SAME: \22programs\22:[{\22name\22:\22mixed_0_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg2\22],\22outputs\22:[\22multiply0\22]},{\22name\22:\22mixed_1_typecast\22,\22op\22:\22ttir.typecast\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply0\22],\22outputs\22:[\22typecast1\22]},{\22name\22:\22mixed_2_typecast\22,{{.*}}\22inputs\22:[\22arg0\22],\22outputs\22:[\22typecast2\22]},{\22name\22:\22mixed_3_multiply\22,{{.*}}\22inputs\22:[\22typecast2\22,\22arg1\22],\22outputs\22:[\22multiply3\22]},{\22name\22:\22mixed_4_sum\22,{{.*}}\22inputs\22:[\22multiply3\22],\22outputs\22:[\22sum4\22]},{\22name\22:\22mixed_5_typecast\22,{{.*}}\22inputs\22:[\22sum4\22],\22outputs\22:[\22typecast5\22]}]
// CHECK-SAME: {\22name\22:\22arg2\22,\22shape\22:[1,1,32,64],\22dtype\22:\22bfp8_b\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,\22page_size\22:1088,\22num_pages\22:2,\22arg\22:2,
// CHECK-SAME: {\22name\22:\22typecast1\22,\22shape\22:[1,3,32,64],\22dtype\22:\22f32\22,{{[^}]*}}\22result\22:0,
// CHECK-SAME: {\22name\22:\22typecast5\22,\22shape\22:[1,1,32,64],\22dtype\22:\22bfp8_b\22,{{[^}]*}}\22result\22:1,
// CHECK: module @mixed_0_multiply attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22
// CHECK-SAME: {\22index\22:1,\22format\22:\22bfp8_b\22,\22pages\22:2,\22page_size\22:1088}
// CHECK: module @mixed_1_typecast attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.typecast\22,\22variant\22:\22generic\22
// CHECK-SAME: \22circular_buffers\22:[{\22index\22:0,\22format\22:\22bf16\22,\22pages\22:2,\22page_size\22:2048},{\22index\22:16,\22format\22:\22f32\22,\22pages\22:2,\22page_size\22:4096}]
// CHECK: func.func @compute()
// CHECK-NOT: _binary_tile
// CHECK: "ttkernel.pack_tile"
// CHECK: module @mixed_5_typecast attributes {ttbw.program =
// CHECK-SAME: \22circular_buffers\22:[{\22index\22:0,\22format\22:\22f32\22,\22pages\22:2,\22page_size\22:4096},{\22index\22:20,\22format\22:\22bf16\22,\22pages\22:2,\22page_size\22:2048},{\22index\22:16,\22format\22:\22bfp8_b\22,\22pages\22:2,\22page_size\22:1088}]
// CHECK: func.func @compute()
// CHECK: "ttkernel.pack_tile"{{.*}}!ttcore.tile<32x32, bf16>
// CHECK: "ttkernel.pack_tile"{{.*}}!ttcore.tile<32x32, bfp_bf8>
func.func @mixed(%g: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x64xf32>, %b: tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<1x3x32x64xf32>, tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x64xf32>, tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<1x3x32x64xf32>, tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>)
  return %0#0, %0#1 : tensor<1x3x32x64xf32>, tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
}
