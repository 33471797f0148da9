// --split-input-file on IR of tt-mlir's dialects: each chunk is read in a tt-mlir context of
// its own; a chunk tt-mlir refuses is reported at its file:line:col with the source line and
// a caret (MLIR's "see current operation" note after a verifier error), the others print.
// RUN: not ttbw-opt --split-input-file --convert-ttkernel-to-emitc %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttkernel-to-emitc %s

// CHECK: module @fine {
// CHECK: call_opaque "tile_regs_acquire"
// CHECK: // -----
// CHECK-NOT: module
// CHECK: // -----
// CHECK: module @also_fine {
module {
  module @fine {
    func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      ttkernel.tile_regs_acquire() : () -> ()
      return
    }
  }
}

// -----

// ERR: ttmlir_stages_split_negative.mlir:[[@LINE+7]]:7: error: 'ttkernel.copy_tile' op operand #0 must be TTKernel cb, but got 'i32'
// ERR-NEXT: {{^}}      "ttkernel.copy_tile"(%c0, %c0, %c0) : (i32, i32, i32) -> ()
// ERR-NEXT: {{^}}      ^
// ERR-NEXT: ttmlir_stages_split_negative.mlir:[[@LINE+4]]:7: note: see current operation: "ttkernel.copy_tile"
func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      %c0 = arith.constant 0 : i32
      // expected-error @+1 {{'ttkernel.copy_tile' op operand #0 must be TTKernel cb}}
      "ttkernel.copy_tile"(%c0, %c0, %c0) : (i32, i32, i32) -> ()
      return
}

// -----

module {
  module @also_fine {
    func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      ttkernel.tile_regs_release() : () -> ()
      return
    }
  }
}
