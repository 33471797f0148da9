// RUN: ttbw-opt --split-input-file --ttir-backward-decomposition-pipeline %s | FileCheck %s
// The complex_unary_backward family through the whole decomposition: ttir-expand-complex turns
// the rules' ttir.real / ttir.imag / ttir.complex into the parts' values, and only real tt-mlir
// TTIR is left (complex arguments and results as (real, imag) pairs).

// CHECK-LABEL: func.func @conj
// CHECK-SAME: (%[[GR:.*]]: tensor<32x32xbf16>, %[[GI:.*]]: tensor<32x32xbf16>, %{{.*}}: tensor<32x32xbf16>, %{{.*}}: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
func.func @conj(%g: tensor<32x32xcomplex<bf16>>, %x: tensor<32x32xcomplex<bf16>>) -> tensor<32x32xcomplex<bf16>> {
  // CHECK-NEXT: %[[N:.*]] = "ttir.neg"(%[[GI]])
  // CHECK-NEXT: return %[[GR]], %[[N]]
  %0 = ttir.conj_bw %g, %x : tensor<32x32xcomplex<bf16>>, tensor<32x32xcomplex<bf16>> -> tensor<32x32xcomplex<bf16>>
  return %0 : tensor<32x32xcomplex<bf16>>
}

// -----

// real_bw / imag_bw: grad in one part, an exact zero (a where of zeros over grad) in the other;
// the input is not read.
// CHECK-LABEL: func.func @real_imag
// CHECK-SAME: (%[[G:.*]]: tensor<32x32xf32>, %{{.*}}: tensor<32x32xf32>, %{{.*}}: tensor<32x32xf32>)
func.func @real_imag(%g: tensor<32x32xf32>, %x: tensor<32x32xcomplex<f32>>) -> (tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>>) {
  // CHECK: %[[Z:.*]] = "ttir.where"(%[[G]]
  // CHECK-NEXT: return %[[G]], %[[Z]], %[[Z]], %[[G]] : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>
  %0 = ttir.real_bw %g, %x : tensor<32x32xf32>, tensor<32x32xcomplex<f32>> -> tensor<32x32xcomplex<f32>>
  %1 = ttir.imag_bw %g, %x : tensor<32x32xf32>, tensor<32x32xcomplex<f32>> -> tensor<32x32xcomplex<f32>>
  return %0, %1 : tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @angle_abs_polar
// CHECK-NOT: complex
// CHECK-NOT: ttir.real
// CHECK-NOT: ttir.imag
// CHECK: return {{.*}} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>
func.func @angle_abs_polar(%g: tensor<32x32xbf16>, %gc: tensor<32x32xcomplex<bf16>>, %x: tensor<32x32xcomplex<bf16>>) -> (tensor<32x32xcomplex<bf16>>, tensor<32x32xcomplex<bf16>>, tensor<32x32xcomplex<bf16>>) {
  %0 = ttir.angle_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xcomplex<bf16>> -> tensor<32x32xcomplex<bf16>>
  %1 = ttir.abs_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xcomplex<bf16>> -> tensor<32x32xcomplex<bf16>>
  %2 = ttir.polar_bw %gc, %x : tensor<32x32xcomplex<bf16>>, tensor<32x32xcomplex<bf16>> -> tensor<32x32xcomplex<bf16>>
  return %0, %1, %2 : tensor<32x32xcomplex<bf16>>, tensor<32x32xcomplex<bf16>>, tensor<32x32xcomplex<bf16>>
}
