// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s
// A function returning a tensor it does not compute (neg(neg(x)) folds to x; an argument
// returned as it is) still gets its own result buffer: a copy program (an identity generic
// through the codegen) writes it.

// CHECK-LABEL: func.func @neg_neg(
// CHECK: %[[X:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg0"
// CHECK: "ttmetal.enqueue_write_buffer"(%arg0, %[[X]])
// CHECK: "ttmetal.enqueue_program"(%[[X]], %[[C:[0-9]+]],
// CHECK-SAME: @neg_neg_0_copy::@reader
// CHECK: "ttmetal.enqueue_read_buffer"(%[[C]],
// CHECK: module @neg_neg_0_copy {
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
// CHECK: module @identity_0_copy {
func.func @identity(%x: tensor<3x5xf32, #ttir.layout<"f32", "row_major">>) -> tensor<3x5xf32, #ttir.layout<"f32", "row_major">> {
  return %x : tensor<3x5xf32, #ttir.layout<"f32", "row_major">>
}

// -----

// An argument returned through a free reshape, next to a computed result: copied too.
// CHECK-LABEL: func.func @returns_an_input(
// CHECK: "ttmetal.enqueue_program"
// CHECK: "ttmetal.enqueue_program"
// CHECK: _copy {
func.func @returns_an_input(%arg0: tensor<1x32x32xbf16>, %arg1: tensor<1x32x32xbf16>) -> (tensor<1x32x32xbf16>, tensor<32x32xbf16>) {
  %0 = "ttir.multiply"(%arg0, %arg1) : (tensor<1x32x32xbf16>, tensor<1x32x32xbf16>) -> tensor<1x32x32xbf16>
  %1 = "ttir.reshape"(%arg0) {shape = [32 : i32, 32 : i32]} : (tensor<1x32x32xbf16>) -> tensor<32x32xbf16>
  return %0, %1 : tensor<1x32x32xbf16>, tensor<32x32xbf16>
}
