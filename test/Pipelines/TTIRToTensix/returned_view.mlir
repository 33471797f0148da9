// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// A value returned beside its reshape (a view of the same pages): the host function reads the one
// buffer into each result's shape, one alloc per shape (tt-mlir checks the returned types).

// CHECK-LABEL: func.func @value_and_view
// CHECK: "ttmetal.enqueue_program"
// CHECK: %[[A:.*]] = memref.alloc() : memref<2x32x64xbf16>
// CHECK-NEXT: "ttmetal.enqueue_read_buffer"(%[[BUF:.*]], %[[A]])
// CHECK: %[[B:.*]] = memref.alloc() : memref<64x64xbf16>
// CHECK-NEXT: "ttmetal.enqueue_read_buffer"(%[[BUF]], %[[B]])
// CHECK: return %[[A]], %[[B]] : memref<2x32x64xbf16>, memref<64x64xbf16>
func.func @value_and_view(%x: tensor<2x32x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<64x64xbf16>) {
  %0 = "ttir.neg"(%x) : (tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16>
  %1 = "ttir.reshape"(%0) <{shape = [64 : i32, 64 : i32]}> : (tensor<2x32x64xbf16>) -> tensor<64x64xbf16>
  return %0, %1 : tensor<2x32x64xbf16>, tensor<64x64xbf16>
}
