// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// RUN: ttbw-opt --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s --check-prefix=COMPOSITE
// An argument materialized into a preallocated result: the fused program copies it into
// that buffer (an identity generic next to the multiply); the composite path launches a copy
// program from arg0 into arg2 after the multiply.

// CHECK-LABEL: func.func @preallocated_input(
// CHECK: ttbw.name = "arg2"
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// COMPOSITE-LABEL: func.func @preallocated_input(
// COMPOSITE: %[[A0:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg0"
// COMPOSITE: %[[A2:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg2"
// COMPOSITE: "ttmetal.enqueue_program"({{.*}}@preallocated_input_0_multiply::@reader
// COMPOSITE: "ttmetal.enqueue_program"(%[[A0]], %[[A2]], {{.*}}@preallocated_input_1_copy::@reader
// COMPOSITE-NOT: "ttmetal.enqueue_program"
func.func @preallocated_input(%arg0: tensor<32x32xbf16>, %arg1: tensor<32x32xbf16>, %arg2: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0 = "ttir.multiply"(%arg0, %arg1) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  %1 = bufferization.materialize_in_destination %arg0 in %arg2 : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
