// RUN: ttbw-opt --ttir-to-tensix-pipeline="grid=2x1" --convert-ttkernel-to-emitc %s | FileCheck %s --implicit-check-not='"ttkernel.'
// RUN: ttbw-opt --ttir-to-tensix-pipeline="grid=2x1" --convert-ttkernel-to-emitc %s | ttbw-translate --ttkernel-to-cpp - | FileCheck %s --check-prefix=CPP
// tt-mlir's convert-ttkernel-to-emitc on each program module: the kernels become EmitC (calls
// into the kernel API), the host program description stays on the module, and the C++
// translated from it is the fused program's.

// CHECK: func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: call_opaque "noc_async_read_tile"
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK: call_opaque "binary_dest_reuse_tiles"
// CHECK: call_opaque "reduce_tile"
// CHECK: func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: call_opaque "noc_async_write_tile"

// CPP-LABEL: // ===== kernel: row_program.reader =====
// CPP: void kernel_main()
// CPP-LABEL: // ===== kernel: row_program.compute =====
// CPP: reduce_tile
// CPP-LABEL: // ===== kernel: row_program.writer =====
// CPP: noc_async_write_tile
func.func @row(%g: tensor<1x3x64x96xbf16>, %a: tensor<1x3x64x96xbf16>, %b: tensor<1x1x1x96xbf16>) -> (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x64x96xbf16>, tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) -> (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>)
  return %0#0, %0#1 : tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>
}
