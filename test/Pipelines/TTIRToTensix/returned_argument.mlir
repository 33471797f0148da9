// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s --check-prefixes=CHECK,FUSED
// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s --check-prefixes=CHECK,COMPOSITE
// A function returning a tensor it does not compute (neg(neg(x)) folds to x; an argument
// returned as it is; a gradient equal to grad) still gets its own result buffer: fused, an
// identity generic inside the function's one program writes it; composite (or when the
// program cannot take it), a copy program.

// CHECK-LABEL: func.func @neg_neg(
// CHECK: %[[X:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg0"
// CHECK: "ttmetal.enqueue_write_buffer"(%arg0, %[[X]])
// CHECK: "ttmetal.enqueue_program"(%[[X]], %[[C:[0-9]+]],
// FUSED-SAME: @neg_neg_program::@reader
// COMPOSITE-SAME: @neg_neg_0_copy::@reader
// CHECK: "ttmetal.enqueue_read_buffer"(%[[C]],
// FUSED: module @neg_neg_program {
// COMPOSITE: module @neg_neg_0_copy {
// CHECK: func.func @compute()
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.pack_tile(
func.func @neg_neg(%x: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  %0 = "ttir.neg"(%x) : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  %1 = "ttir.neg"(%0) : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %1 : tensor<32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @identity(
// FUSED: module @identity_program {
// COMPOSITE: module @identity_0_copy {
func.func @identity(%x: tensor<3x5xf32, #ttir.layout<"f32", "row_major">>) -> tensor<3x5xf32, #ttir.layout<"f32", "row_major">> {
  return %x : tensor<3x5xf32, #ttir.layout<"f32", "row_major">>
}

// -----

// An argument returned next to a computed result over the same iteration space (sub_bw's
// gradients grad, -grad): fused, one program writing both.
// CHECK-LABEL: func.func @next_to_a_computed_result(
// FUSED: "ttmetal.enqueue_program"
// FUSED-NOT: "ttmetal.enqueue_program"
// FUSED: module @next_to_a_computed_result_program {
// FUSED: func.func @writer()
// FUSED-COUNT-2: ttkernel.noc_async_write_tile(
// COMPOSITE: module @next_to_a_computed_result_0_neg {
// COMPOSITE: module @next_to_a_computed_result_1_copy {
func.func @next_to_a_computed_result(%g: tensor<32x64xbf16>) -> (tensor<32x64xbf16>, tensor<32x64xbf16>) {
  %0 = "ttir.neg"(%g) : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %g, %0 : tensor<32x64xbf16>, tensor<32x64xbf16>
}

// -----

// One computed value returned twice (equal gradients merged by cse): fused, one program.
// CHECK-LABEL: func.func @returned_twice(
// FUSED: "ttmetal.enqueue_program"
// FUSED-NOT: "ttmetal.enqueue_program"
// FUSED: func.func @writer()
// FUSED-COUNT-2: ttkernel.noc_async_write_tile(
func.func @returned_twice(%g: tensor<32x64xbf16>, %a: tensor<32x64xbf16>) -> (tensor<32x64xbf16>, tensor<32x64xbf16>) {
  %0 = "ttir.multiply"(%g, %a) : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %0, %0 : tensor<32x64xbf16>, tensor<32x64xbf16>
}

// -----

// An argument returned through a free reshape, next to a computed result over an iteration
// space differing by a leading 1: a copy generic, a sibling of the product (one program fused,
// a copy program of its own in composite mode).
// CHECK-LABEL: func.func @returns_an_input(
// FUSED: "ttmetal.enqueue_program"
// FUSED-NOT: "ttmetal.enqueue_program"
// FUSED: module @returns_an_input_program
// COMPOSITE: "ttmetal.enqueue_program"
// COMPOSITE: "ttmetal.enqueue_program"
// COMPOSITE: _copy {
func.func @returns_an_input(%arg0: tensor<1x32x32xbf16>, %arg1: tensor<1x32x32xbf16>) -> (tensor<1x32x32xbf16>, tensor<32x32xbf16>) {
  %0 = "ttir.multiply"(%arg0, %arg1) : (tensor<1x32x32xbf16>, tensor<1x32x32xbf16>) -> tensor<1x32x32xbf16>
  %1 = "ttir.reshape"(%arg0) {shape = [32 : i32, 32 : i32]} : (tensor<1x32x32xbf16>) -> tensor<32x32xbf16>
  return %0, %1 : tensor<1x32x32xbf16>, tensor<32x32xbf16>
}
