// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// RUN: not ttbw-opt --ttir-to-tensix-pipeline="fuse=false" %s 2>&1 | FileCheck %s --check-prefix=COMPOSITE
// An argument materialized into a preallocated result: the fused program copies it into
// that buffer (an identity generic next to the multiply); the composite path refuses it.

// CHECK-LABEL: func.func @preallocated_input(
// CHECK: ttbw.name = "arg2"
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// COMPOSITE: error: 'ttir.multiply' op: unsupported: composite mode: a preallocated result must be a value a program computes
func.func @preallocated_input(%arg0: tensor<32x32xbf16>, %arg1: tensor<32x32xbf16>, %arg2: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0 = "ttir.multiply"(%arg0, %arg1) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  %1 = bufferization.materialize_in_destination %arg0 in %arg2 : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
