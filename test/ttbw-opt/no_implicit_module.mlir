// --no-implicit-module: the source's single top-level op is the top, printed as it is (no
// module around it); a module the source writes is the top as usual, and passes run on it.
// RUN: ttbw-opt --split-input-file --no-implicit-module %s | FileCheck %s
// RUN: not ttbw-opt --split-input-file --no-implicit-module --ttir-decompose-backward %s -o - 2>&1 | FileCheck %s --check-prefix=PASSES

// CHECK-NOT: module
// CHECK-LABEL: func.func @alone
// CHECK-NEXT: ttir.neg_bw %arg0, %arg1
// PASSES: no_implicit_module.mlir:[[@LINE+1]]:1: error: can't run 'builtin.module' pass manager on 'func.func' op
func.func @alone(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// CHECK: module @written {
// CHECK-NEXT: func.func @inside
// PASSES: module @written {
// PASSES-NEXT: func.func @inside
// PASSES-NEXT: "ttir.neg"(%arg0)
module @written {
  func.func @inside(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
    %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
    return %0 : tensor<32x32xbf16>
  }
}
