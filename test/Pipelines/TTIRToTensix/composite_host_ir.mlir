// RUN: ttbw-opt --ttir-to-tensix-pipeline="fuse=false grid=2x1" %s | FileCheck %s
// fuse=false: one host function launching one program per TTIR op in order; an intermediate
// is a DRAM buffer created before the program writing it and deallocated after the last
// program reading it (no manifest: the host function is the whole plan).

// CHECK-LABEL: func.func @f(%arg0: memref<1x1x64x64xbf16>, %arg1: memref<1x1x64x64xbf16>, %arg2: memref<1x1x1x64xbf16>)
// CHECK: %[[G:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg0"
// CHECK: %[[A:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg1"
// CHECK: %[[B:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg2"
// CHECK: %[[IG:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "result0"
// CHECK: %[[OG:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "result1"
// CHECK: "ttmetal.enqueue_write_buffer"(%arg0, %[[G]])
// CHECK: "ttmetal.enqueue_program"(%[[G]], %[[B]], %[[IG]], {{.*}}@f_0_multiply::@reader
// CHECK: %[[T:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "multiply1", ttbw.shape = array<i64: 1, 1, 64, 64>} : () -> memref<1x1x2x2x!ttcore.tile<32x32, bf16>, #ttcore.interleaved<4096x2048>, #dram>
// CHECK: "ttmetal.enqueue_program"(%[[G]], %[[A]], %[[T]], {{.*}}@f_1_multiply::@reader
// CHECK: "ttmetal.enqueue_program"(%[[T]], %[[OG]], {{.*}}@f_2_sum::@reader
// CHECK: "ttmetal.deallocate_buffer"(%[[T]])
// CHECK: "ttmetal.enqueue_read_buffer"(%[[IG]],
// CHECK: "ttmetal.enqueue_read_buffer"(%[[OG]],
// CHECK: "ttmetal.finish"
// CHECK: module @f_0_multiply {
// CHECK: module @f_1_multiply {
// CHECK: module @f_2_sum {
func.func @f(%g: tensor<1x1x64x64xbf16>, %a: tensor<1x1x64x64xbf16>, %b: tensor<1x1x1x64xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>
}
