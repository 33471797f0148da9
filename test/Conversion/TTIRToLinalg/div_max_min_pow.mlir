// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --implicit-check-not='"ttir.'
// div (IEEE: a signed infinity for x / +-0), maximum / minimum (NaN-propagating, -0 < +0) and
// pow (libm's pow on the CPU): one generic each, f32 opmath (f64 for an f32 result), implicit
// broadcast.

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @div_bf16_broadcast(
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$COL]], #[[$ID]]]
// CHECK: ^bb0(%[[A:.*]]: bf16, %[[B:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT: %[[AW:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK-NEXT: %[[BW:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[AW]], %[[BW]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[Q]] : f32 to bf16
func.func @div_bf16_broadcast(%a: tensor<32x64xbf16>, %b: tensor<32x1xbf16>) -> tensor<32x64xbf16> {
  %0 = "ttir.div"(%a, %b) : (tensor<32x64xbf16>, tensor<32x1xbf16>) -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @max_min_pow(
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f64
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f64
// CHECK: math.powf %{{.*}}, %{{.*}} : f64
func.func @max_min_pow(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ttir.maximum"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "ttir.minimum"(%0, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "ttir.pow"(%1, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
