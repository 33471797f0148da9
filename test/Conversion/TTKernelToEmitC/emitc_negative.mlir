// RUN: ttbw-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics --convert-ttkernel-to-emitc %s
// RUN: not ttbw-opt --allow-unregistered-dialect --convert-ttkernel-to-emitc %s 2>&1 | FileCheck %s --check-prefix=NOTHING
// Kernels tt-mlir does not accept are reported at their program module and nothing is printed
// (that no program, not even @fine, is converted: test/python/test_emitc_pass.py).

module {
  module @fine {
    func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      "ttkernel.tile_regs_acquire"() : () -> ()
      return
    }
  }
  // expected-error @+1 {{convert-ttkernel-to-emitc: tt-mlir refused the kernels}}
  module @bad_kernel {
    func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      "ttkernel.no_such_op"() : () -> ()
      return
    }
  }
}
// NOTHING: error: convert-ttkernel-to-emitc: tt-mlir refused the kernels
// NOTHING-NOT: emitc
