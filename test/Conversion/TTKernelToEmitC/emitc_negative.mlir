// RUN: ttbw-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics --convert-ttkernel-to-emitc %s
// Kernels tt-mlir does not accept are reported at their program module; nothing is converted.

module {
  // expected-error @+1 {{convert-ttkernel-to-emitc: tt-mlir refused the kernels}}
  module @bad_kernel {
    func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      "ttkernel.no_such_op"() : () -> ()
      return
    }
  }
}
