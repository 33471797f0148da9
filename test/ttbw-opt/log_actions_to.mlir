// --log-actions-to: every action in mlir-opt's action-log format, in order: ttbw's passes as
// `pass-execution` actions on the module, upstream passes and the rewrites inside them as MLIR
// logs them; to a file, or to stderr with '-'.
// RUN: ttbw-opt --mlir-disable-threading --log-actions-to=%t.log --pass-pipeline='builtin.module(ttir-decompose-backward,func.func(canonicalize))' %s -o /dev/null
// RUN: FileCheck %s < %t.log
// RUN: ttbw-opt --mlir-disable-threading --log-actions-to=- --ttir-decompose-backward %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STDERR

// CHECK: [thread {{.*}}] begins (no breakpoint) Action `pass-execution` running `TTIRDecomposeBackward` on Operation `builtin.module` (module {...})`
// CHECK-NEXT: [thread {{.*}}] completed `pass-execution`
// CHECK-NEXT: begins (no breakpoint) Action `pass-execution` running `mlir::detail::OpToOpPassAdaptor` on Operation `builtin.module` (module {...})`
// CHECK-NEXT: begins (no breakpoint) Action `pass-execution` running `Canonicalizer` on Operation `func.func` (func.func @f({{.*}}) -> tensor<32x32xbf16> {...})`
// CHECK-NEXT: begins (no breakpoint) Action GreedyPatternRewriteIteration(1) (Region #0 for op func.func @f(
// CHECK-NEXT: completed `GreedyPatternRewriteIteration`
// CHECK: completed `pass-execution`
// CHECK-NEXT: completed `pass-execution`
// STDERR: running `TTIRDecomposeBackward` on Operation `builtin.module`
// STDERR-NEXT: completed `pass-execution`
func.func @f(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
