// --mlir-print-ir-tree-dir where no folder can be made (a file is in the way): one message
// naming the file it could not write, exit 1, no traceback (mlir-opt says so and exits 0).
// RUN: rm -rf %t.file && touch %t.file
// RUN: not ttbw-opt --mlir-print-ir-tree-dir=%t.file --mlir-print-ir-after-all --ttir-decompose-backward --cse %s 2>&1 >/dev/null | FileCheck %s --implicit-check-not=Traceback
// CHECK: ttbw-opt: error: --mlir-print-ir-tree-dir: cannot write {{.*}}.file/builtin_module_no-symbol-name/0_ttir-decompose-backward.mlir: Not a directory
func.func @f(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
