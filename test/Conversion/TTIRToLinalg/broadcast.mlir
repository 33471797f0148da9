// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg="target=device" %s | FileCheck %s --check-prefix=DEVICE
// tt-mlir's ttir.broadcast (what the torch importer writes for aten.expand): each size-1 dim
// repeated broadcast_dimensions[i] times, a copy generic reading index 0 there; bf16 in f32
// opmath, exact.

// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @row(
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<1x40xf32>) outs(%{{.*}} : tensor<8x40xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NOT: ttir.broadcast
// DEVICE-LABEL: func.func @row(
// DEVICE: linalg.generic {{.*}} attrs = {ttbw.op = "broadcast"}
func.func @row(%x: tensor<1x40xf32>) -> tensor<8x40xf32> {
  %0 = "ttir.broadcast"(%x) <{broadcast_dimensions = array<i64: 8, 1>}> : (tensor<1x40xf32>) -> tensor<8x40xf32>
  return %0 : tensor<8x40xf32>
}

// -----

// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
// CHECK-LABEL: func.func @column_bf16(
// CHECK: linalg.generic {indexing_maps = [#[[COL]], {{.*}}]} ins(%arg0 : tensor<2x64x1xbf16>) outs(%{{.*}} : tensor<2x64x96xbf16>)
// CHECK: arith.extf
// CHECK: arith.truncf
func.func @column_bf16(%x: tensor<2x64x1xbf16>) -> tensor<2x64x96xbf16> {
  %0 = "ttir.broadcast"(%x) <{broadcast_dimensions = array<i64: 1, 1, 96>}> : (tensor<2x64x1xbf16>) -> tensor<2x64x96xbf16>
  return %0 : tensor<2x64x96xbf16>
}
