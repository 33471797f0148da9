// --mlir-print-ir-module-scope prints the whole module around a nested pass; as in mlir-opt it
// needs --mlir-disable-threading, else one clear error (MLIR itself would abort).
// RUN: ttbw-opt --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize))' %s 2>&1 >/dev/null | FileCheck %s
// RUN: not ttbw-opt --mlir-print-ir-after-all --mlir-print-ir-module-scope --pass-pipeline='builtin.module(func.func(canonicalize))' %s 2>&1 | FileCheck %s --check-prefix=THREADS
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) ('func.func' operation: @f) //----- //
// CHECK-NEXT: module {
// THREADS: ttbw-opt: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first
func.func @f() {
  return
}
