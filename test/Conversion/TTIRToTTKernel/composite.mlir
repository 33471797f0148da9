// RUN: ttbw-opt --convert-ttir-to-ttkernel="fuse=false" %s | FileCheck %s
// RUN: ttbw-opt --convert-ttir-to-ttkernel="fuse=false" %s | ttbw-translate --ttkernel-to-cpp - | FileCheck %s --check-prefix=CPP
// Composite mode (ttnn's composite path): one program per TTIR op of the decomposition, in
// execution order, each a nested module with its own kernels; a manifest module @f
// (ttbw.composite) lists the programs and the DRAM intermediates. An intermediate is written
// to DRAM by one program's writer and read back by the next program's reader.

// No broadcast: two elementwise multiplies (the generic codegen: a bf16 x bf16 product is
// exact on the FPU, mul_tiles, rounded once at the pack), both results, no intermediate.
// CHECK-LABEL: module @same_shape attributes {ttbw.composite = "{\22version\22:1,\22op\22:\22ttir.mul_bw\22,\22mode\22:\22composite\22,\22grid\22:[8,8],\22programs\22:[{\22name\22:\22same_shape_0_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg2\22],\22outputs\22:[\22multiply0\22]},{\22name\22:\22same_shape_1_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg1\22],\22outputs\22:[\22multiply1\22]}],\22intermediates\22:[]
// CHECK-SAME: \22results\22:[{\22buffer\22:\22multiply0\22,\22shape\22:[1,1,32,64]},{\22buffer\22:\22multiply1\22,\22shape\22:[1,1,32,64]}]
// CHECK-SAME: } {
// CHECK-NEXT: }
// CHECK-NEXT: module @same_shape_0_multiply attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22grid\22:[8,8]
// CHECK-SAME: {\22name\22:\22arg0\22,\22role\22:\22input\22,\22shape\22:[1,1,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,\22page_size\22:2048,\22num_pages\22:2,\22arg\22:0}
// CHECK-SAME: {\22name\22:\22arg2\22,\22role\22:\22input\22,{{[^}]*}}\22arg\22:2}
// CHECK-SAME: {\22name\22:\22multiply0\22,\22role\22:\22output\22,{{[^}]*}}\22memory\22:\22dram\22,{{[^}]*}}\22result\22:0}
// CHECK: func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK: "ttkernel.mul_tiles"
// CHECK: func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: "ttkernel.noc_async_write_tile"
// CHECK: module @same_shape_1_multiply attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22
// CHECK-SAME: {\22name\22:\22multiply1\22,\22role\22:\22output\22,{{[^}]*}}\22result\22:1}
// CHECK: "ttkernel.mul_tiles"
// CHECK-NOT: module @same_shape_2
// CHECK-NOT: ttir.
func.func @same_shape(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>
}

// Row broadcast b (1x1x1x64), grad_b only: multiply program (grad * a -> DRAM intermediate
// multiply0), then a sum program (sum over H: reduce_tile over rows) reading multiply0.
// CHECK-LABEL: module @row attributes {ttbw.composite =
// CHECK-SAME: \22programs\22:[{\22name\22:\22row_0_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg1\22],\22outputs\22:[\22multiply0\22]},{\22name\22:\22row_1_sum\22,\22op\22:\22ttir.sum\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply0\22],\22outputs\22:[\22sum1\22]}],\22intermediates\22:[\22multiply0\22]
// CHECK-SAME: {\22name\22:\22multiply0\22,\22shape\22:[1,1,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,\22page_size\22:2048,\22num_pages\22:2,\22intermediate\22:true,\22written_by\22:\22row_0_multiply\22,\22read_by\22:[\22row_1_sum\22]}
// CHECK-SAME: {\22name\22:\22sum1\22,\22shape\22:[1,1,1,64],{{[^}]*}}\22result\22:0,\22written_by\22:\22row_1_sum\22,\22read_by\22:[]}
// CHECK: module @row_0_multiply attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22
// CHECK-SAME: {\22name\22:\22multiply0\22,\22role\22:\22output\22,\22shape\22:[1,1,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,\22page_size\22:2048,\22num_pages\22:2,\22intermediate\22:true}
// CHECK-SAME: {\22name\22:\22writer\22,\22thread\22:\22noc\22,\22processor\22:\22writer\22,\22compile_args\22:[16,2],{{.*}}\22runtime_args\22:[{\22core\22:[0,0],\22args\22:[{\22address_of\22:\22multiply0\22},0,1,1,{{[0-9,]*}}]},{\22core\22:[1,0],\22args\22:[{\22address_of\22:\22multiply0\22},1,1,1,{{[0-9,]*}}]}]}
// CHECK: func.func @writer()
// CHECK: "ttkernel.noc_async_write_tile"
// CHECK: module @row_1_sum attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.sum\22,\22variant\22:\22generic\22
// CHECK-SAME: {\22name\22:\22multiply0\22,\22role\22:\22input\22,\22shape\22:[1,1,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,\22page_size\22:2048,\22num_pages\22:2,\22intermediate\22:true}
// CHECK-SAME: {\22name\22:\22reader\22,\22thread\22:\22noc\22,\22processor\22:\22reader\22,\22compile_args\22:[0,23,2],{{.*}}\22runtime_args\22:[{\22core\22:[0,0],\22args\22:[{\22address_of\22:\22multiply0\22},0,1,1,{{[0-9,]*}}]},{\22core\22:[1,0],\22args\22:[{\22address_of\22:\22multiply0\22},1,1,1,{{[0-9,]*}}]}]}
// CHECK: func.func @reader()
// CHECK: "ttkernel.noc_async_read_tile"
// CHECK: func.func @compute()
// CHECK: "ttkernel.reduce_tile"
// CHECK-NOT: module @row_2
func.func @row(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xbf16> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xbf16>
  return %0 : tensor<1x1x1x64xbf16>
}

// Both gradients, b (64) broadcast over batch and H: a broadcast multiply (grad * bcast(b), b's
// tile held per unit), a multiply into DRAM, a sum program over leading + H dims, and
// a free reshape (1x1x1x64 -> 64) listed as an alias.
// CHECK-LABEL: module @both attributes {ttbw.composite =
// CHECK-SAME: {\22name\22:\22both_0_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg2\22],\22outputs\22:[\22multiply0\22]},{\22name\22:\22both_1_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg1\22],\22outputs\22:[\22multiply1\22]},{\22name\22:\22both_2_sum\22,\22op\22:\22ttir.sum\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply1\22],\22outputs\22:[\22sum2\22]}],\22intermediates\22:[\22multiply1\22]
// CHECK-SAME: \22aliases\22:[{\22buffer\22:\22sum2\22,\22shape\22:[64]}]
// CHECK: module @both_0_multiply attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22
// CHECK: module @both_1_multiply attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22
// CHECK-SAME: \22runtime_args\22:[{\22core\22:[0,0],\22args\22:[{\22address_of\22:\22multiply1\22},
// CHECK: module @both_2_sum attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.sum\22,\22variant\22:\22generic\22
// CHECK-SAME: \22runtime_args\22:[{\22core\22:[0,0],\22args\22:[{\22address_of\22:\22multiply1\22},
func.func @both(%g: tensor<2x3x32x64xbf16>, %a: tensor<2x3x32x64xbf16>, %b: tensor<64xbf16>) -> (tensor<2x3x32x64xbf16>, tensor<64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x3x32x64xbf16>, tensor<2x3x32x64xbf16>, tensor<64xbf16>) -> (tensor<2x3x32x64xbf16>, tensor<64xbf16>)
  return %0#0, %0#1 : tensor<2x3x32x64xbf16>, tensor<64xbf16>
}

// ttbw-translate finds every program module (the manifest modules hold no kernels).
// CPP: // ===== kernel: same_shape_0_multiply.reader =====
// CPP: // ===== kernel: same_shape_0_multiply.compute =====
// CPP: mul_tiles(
// CPP: // ===== kernel: same_shape_0_multiply.writer =====
// CPP: // ===== kernel: same_shape_1_multiply.writer =====
// CPP: // ===== kernel: row_0_multiply.writer =====
// CPP: noc_async_write_tile(
// CPP: // ===== kernel: row_1_sum.reader =====
// CPP: noc_async_read_tile(
// CPP: // ===== kernel: row_1_sum.compute =====
// CPP: reduce_tile
// CPP: // ===== kernel: both_0_multiply.writer =====
// CPP: // ===== kernel: both_2_sum.writer =====
