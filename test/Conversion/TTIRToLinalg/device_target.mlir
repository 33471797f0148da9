// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg="target=device" %s | FileCheck %s --implicit-check-not='"ttir.'
// RUN: not ttbw-opt --convert-ttir-to-linalg="target=gpu" %s 2>&1 | FileCheck %s --check-prefix=BAD
// target=device: the input of the Tensix codegen. Every tensor keeps its #ttir.layout
// encoding (the codegen reads each operand's device format and layout from it), sums
// accumulate in f32 (the device's fp32 DST; an f32 sum has no rounding generic), and a
// typecast that only changes the layout is a copy generic.

// BAD: error: convert-ttir-to-linalg: option 'target' expects cpu or device, got 'gpu'

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @layouts(
// CHECK-SAME: %[[A:.*]]: tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>, %[[B:.*]]: tensor<64x1xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$COL]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<64x1xbf16, #ttir.layout<"bfp_bf8", "tile">>) outs(%[[E]] : tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>)
// CHECK: arith.mulf
// CHECK: arith.truncf
func.func @layouts(%a: tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>, %b: tensor<64x1xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  %0 = "ttir.multiply"(%a, %b) : (tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<64x1xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// An f32 sum: f32 accumulator (no f64), no rounding generic; the accumulator is the result.
// CHECK-LABEL: func.func @sum_f32(
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ACC:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[ADD]] : f32
// CHECK-NOT: linalg.generic
// CHECK: return %[[S]]
func.func @sum_f32(%x: tensor<64x64xf32>) -> tensor<1x64xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x64xf32>) -> tensor<1x64xf32>
  return %0 : tensor<1x64xf32>
}

// -----

// A bf16 sum: f32 accumulator, then the rounding generic.
// CHECK-LABEL: func.func @sum_bf16(
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x64xf32>)
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x64xbf16, #ttir.layout<"bf16", "row_major">>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @sum_bf16(%x: tensor<64x64xbf16>) -> tensor<1x64xbf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x64xbf16>) -> tensor<1x64xbf16, #ttir.layout<"bf16", "row_major">>
  return %0 : tensor<1x64xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

// A typecast changing only the layout (bfloat8_b -> bf16 ROW_MAJOR): a copy generic (the CPU
// path drops it: same values there).
// CHECK-LABEL: func.func @relayout(
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>)
func.func @relayout(%x: tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.typecast"(%x) : (tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>
  return %0 : tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>
}
