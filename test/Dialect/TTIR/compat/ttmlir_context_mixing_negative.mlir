// RUN: not ttbw-opt %s 2>&1 | FileCheck %s
// A module naming TTKernel / TTMetal is read in tt-mlir's context, which has no ttir: the
// message says so rather than suggesting --allow-unregistered-dialect.

func.func @compute(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> attributes {ttkernel.thread = #ttkernel.thread<compute>} {
  // CHECK: [[@LINE+1]]:18: error: 'ttir.neg' in a module of TTKernel / TTMetal ops: such a module is read in tt-mlir's context, which has no ttir ops
  %0 = "ttir.neg"(%a) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
