// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: not ttbw-opt %s 2>&1 | FileCheck %s --check-prefix=NOSPLIT

// Each chunk is parsed on its own and the outputs are joined by '// -----'.
// CHECK-LABEL: func.func @first
// CHECK: // -----
// CHECK-LABEL: func.func @second
// CHECK: // -----
// CHECK-LABEL: func.func @first
// Without splitting, the redefinition of @first is an error.
// NOSPLIT: split_input_file.mlir:[[@LINE+11]]:1: error: redefinition of symbol named 'first'

func.func @first(%x: tensor<32xbf16>) -> tensor<32xbf16> {
  %0 = "ttir.neg"(%x) : (tensor<32xbf16>) -> tensor<32xbf16>
  return %0 : tensor<32xbf16>
}
// -----
func.func @second() {
  return
}
// -----
func.func @first() {
  return
}
