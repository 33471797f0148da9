// The stages after the lowering live in tt-mlir's context: ttbw-opt prints them in tt-mlir's
// own syntax and reads them back with no --allow-unregistered-dialect, byte for byte; later
// stages (convert-ttkernel-to-emitc, upstream passes, ttbw-translate, ttbw-run) take them.
// RUN: ttbw-opt --ttir-to-tensix-pipeline="grid=2x1" %s -o %t.ttkernel.mlir
// RUN: ttbw-opt %t.ttkernel.mlir | FileCheck %s --check-prefix=REREAD
// RUN: ttbw-opt %t.ttkernel.mlir -o %t.again.mlir
// RUN: diff %t.ttkernel.mlir %t.again.mlir
// RUN: ttbw-opt --emit-bytecode %t.ttkernel.mlir -o %t.mlirbc
// RUN: ttbw-opt %t.mlirbc -o %t.from_bytecode.mlir
// RUN: diff %t.ttkernel.mlir %t.from_bytecode.mlir
// RUN: ttbw-opt --convert-ttkernel-to-emitc %t.ttkernel.mlir -o %t.emitc.mlir
// RUN: ttbw-opt %t.emitc.mlir | FileCheck %s --check-prefix=EMITC
// RUN: ttbw-opt --canonicalize --cse %t.emitc.mlir | FileCheck %s --check-prefix=EMITC
// RUN: ttbw-translate --ttkernel-to-cpp %t.ttkernel.mlir | FileCheck %s --check-prefix=CPP
// RUN: ttbw-translate --ttkernel-to-cpp %t.emitc.mlir | FileCheck %s --check-prefix=CPP
// RUN: ttbw-run %t.emitc.mlir 2 3 5 | FileCheck %s --check-prefix=EXEC
// RUN: ttbw-opt --mlir-print-ir-before=convert-ttkernel-to-emitc --mlir-print-ir-after-all --convert-ttkernel-to-emitc --cse %t.ttkernel.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: ttbw-opt --verify-each --convert-ttkernel-to-emitc %t.ttkernel.mlir | FileCheck %s --check-prefix=EMITC

// REREAD-LABEL: func.func @mul_bw(%arg0: memref<2x3xbf16>
// REREAD: "ttmetal.enqueue_program"
// REREAD: module @mul_bw_program {
// REREAD: ttkernel.mul_tiles(

// EMITC-LABEL: func.func @mul_bw(
// EMITC: "ttmetal.enqueue_program"
// EMITC: module @mul_bw_program {
// EMITC: call_opaque "mul_tiles"(
// EMITC-NOT: ttkernel.mul_tiles

// CPP: // ===== kernel: mul_bw_program.reader =====
// CPP: void kernel_main()
// CPP: // ===== kernel: mul_bw_program.compute =====
// CPP: mul_tiles(

// EXEC-LABEL: result 0: memref<2x3xbf16>
// EXEC-NEXT: {{\[}}[10., 10., 10.],
// EXEC-LABEL: result 1: memref<2x3xbf16>
// EXEC-NEXT: {{\[}}[6., 6., 6.],

// DUMP: // -----// IR Dump Before ConvertTTKernelToEmitC (convert-ttkernel-to-emitc) //----- //
// DUMP-NEXT: #dram = #ttcore.memory_space<dram>
// DUMP: ttkernel.mul_tiles(
// DUMP: // -----// IR Dump After ConvertTTKernelToEmitC (convert-ttkernel-to-emitc) //----- //
// DUMP: call_opaque "mul_tiles"(
// DUMP: // -----// IR Dump After cse (cse) //----- //
// DUMP: "ttmetal.enqueue_program"

func.func @mul_bw(%grad: tensor<2x3xbf16>, %a: tensor<2x3xbf16>, %b: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xbf16>) {
  %0:2 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xbf16>)
  return %0#0, %0#1 : tensor<2x3xbf16>, tensor<2x3xbf16>
}
