// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttkernel-to-emitc %s
// RUN: not ttbw-opt --convert-ttkernel-to-emitc %s 2>&1 | FileCheck %s --check-prefix=NOTHING
// TTKernel is read in tt-mlir's context (no --allow-unregistered-dialect): an op tt-mlir does
// not know, or one its verifier refuses, is reported at the op, and nothing is printed.

module {
  module @bad_kernel {
    func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      // expected-error @+1 {{unregistered operation 'ttkernel.no_such_op' found in dialect ('ttkernel')}}
      "ttkernel.no_such_op"() : () -> ()
      return
    }
  }
}

// -----

module {
  module @bad_operand {
    func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      %c0 = arith.constant 0 : i32
      // expected-error @+1 {{'ttkernel.copy_tile' op operand #0 must be TTKernel cb}}
      "ttkernel.copy_tile"(%c0, %c0, %c0) : (i32, i32, i32) -> ()
      return
    }
  }
}
// NOTHING: error: unregistered operation 'ttkernel.no_such_op'
// NOTHING-NEXT: "ttkernel.no_such_op"() : () -> ()
// NOTHING-NOT: emitc.
