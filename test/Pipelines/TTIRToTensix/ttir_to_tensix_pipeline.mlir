// RUN: ttbw-opt --ttir-to-tensix-pipeline="grid=2x2" %s | FileCheck %s
// RUN: ttbw-opt --pass-pipeline='builtin.module(ttir-to-tensix-pipeline{grid=2x2 fuse=false})' %s | FileCheck %s --check-prefix=COMPOSITE
// RUN: ttbw-opt --ttir-to-tensix-pipeline="grid=2x2 emitc=true" %s | FileCheck %s --check-prefix=EMITC --implicit-check-not='"ttkernel.'
// RUN: not ttbw-opt --ttir-to-tensix-pipeline="fuse=maybe" %s 2>&1 | FileCheck %s --check-prefix=BAD
// The named pipeline: decomposition to TTIR, then one fused program per mul_bw (default),
// one program per TTIR op (fuse=false), optionally on to EmitC.

// CHECK: ttkernel.reduce_tile(
// CHECK-NOT: module @

// COMPOSITE-LABEL: func.func @row(
// COMPOSITE: "ttmetal.enqueue_program"

// EMITC-LABEL: func.func @row(
// EMITC: "ttmetal.enqueue_program"
// EMITC: module @row_program {
// EMITC: call_opaque "reduce_tile"

// BAD: error: option 'fuse' expects true or false, got 'maybe'
func.func @row(%g: tensor<1x3x64x96xbf16>, %a: tensor<1x3x64x96xbf16>, %b: tensor<1x1x1x96xbf16>) -> (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x64x96xbf16>, tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) -> (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>)
  return %0#0, %0#1 : tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>
}
