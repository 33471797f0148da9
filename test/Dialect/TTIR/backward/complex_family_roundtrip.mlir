// RUN: ttbw-opt %s | FileCheck %s
// RUN: ttbw-opt %s | ttbw-opt | FileCheck %s
// RUN: ttbw-opt --mlir-print-op-generic %s | ttbw-opt | FileCheck %s
// ttnn's complex_unary_backward family: conj_bw / polar_bw take a complex grad, real_bw /
// imag_bw / angle_bw (and abs_bw's complex form) a real grad of a complex input; every
// input_grad has the input's complex type.

// CHECK-LABEL: func.func @complex_grad
func.func @complex_grad(%g: tensor<2x32xcomplex<bf16>>, %x: tensor<2x32xcomplex<bf16>>, %y: tensor<2x32xcomplex<f32>>) -> (tensor<2x32xcomplex<bf16>>, tensor<2x32xcomplex<f32>>) {
  // CHECK: = ttir.conj_bw %arg0, %arg1 : tensor<2x32xcomplex<bf16>>, tensor<2x32xcomplex<bf16>> -> tensor<2x32xcomplex<bf16>>
  %0 = ttir.conj_bw %g, %x : tensor<2x32xcomplex<bf16>>, tensor<2x32xcomplex<bf16>> -> tensor<2x32xcomplex<bf16>>
  // CHECK: = ttir.polar_bw %arg0, %arg2 {memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<2x32xcomplex<bf16>>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  %1 = ttir.polar_bw %g, %y {memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<2x32xcomplex<bf16>>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  return %0, %1 : tensor<2x32xcomplex<bf16>>, tensor<2x32xcomplex<f32>>
}

// CHECK-LABEL: func.func @real_grad
func.func @real_grad(%g: tensor<2x32xf32>, %x: tensor<2x32xcomplex<f32>>, %r: tensor<2x32xf32>) -> (tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xf32>) {
  // CHECK: = ttir.real_bw %arg0, %arg1 : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  %0 = ttir.real_bw %g, %x : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  // CHECK: = ttir.imag_bw %arg0, %arg1 : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  %1 = ttir.imag_bw %g, %x : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  // CHECK: = ttir.angle_bw %arg0, %arg1 : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  %2 = ttir.angle_bw %g, %x : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  // CHECK: = ttir.abs_bw %arg0, %arg1 : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  %3 = ttir.abs_bw %g, %x : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  // abs_bw's real form stays
  // CHECK: = ttir.abs_bw %arg0, %arg2 : tensor<2x32xf32>, tensor<2x32xf32> -> tensor<2x32xf32>
  %4 = ttir.abs_bw %g, %r : tensor<2x32xf32>, tensor<2x32xf32> -> tensor<2x32xf32>
  return %0, %1, %2, %3, %4 : tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xf32>
}
