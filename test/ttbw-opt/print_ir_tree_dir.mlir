// --mlir-print-ir-tree-dir: the IR dumps go into a file tree in MLIR's layout, one file per dump
// (`<n>_<pass>.mlir`), counted across ttbw's passes and upstream ones (whose own trees MLIR
// writes: a nested pipeline gets its op's folder); nothing is dumped on stderr.
// RUN: rm -rf %t.tree
// RUN: ttbw-opt --mlir-print-ir-tree-dir=%t.tree --mlir-print-ir-after-all --mlir-print-ir-before=cse --pass-pipeline='builtin.module(ttir-decompose-backward,cse,func.func(canonicalize))' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STDERR --allow-empty
// RUN: cd %t.tree && find . -type f | sort | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=DECOMPOSED < %t.tree/builtin_module_no-symbol-name/0_ttir-decompose-backward.mlir
// RUN: FileCheck %s --check-prefix=BEFORE-CSE < %t.tree/builtin_module_no-symbol-name/1_cse.mlir

// STDERR-NOT: IR Dump
// FILES: ./builtin_module_no-symbol-name/0_ttir-decompose-backward.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/1_cse.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/2_cse.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/func_func_f/3_0_canonicalize.mlir
// DECOMPOSED: // -----// IR Dump After TTIRDecomposeBackward (ttir-decompose-backward) //----- //
// DECOMPOSED-NEXT: module {
// DECOMPOSED: "ttir.neg"(%arg0)
// BEFORE-CSE: // -----// IR Dump Before CSE (cse) //----- //
func.func @f(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
