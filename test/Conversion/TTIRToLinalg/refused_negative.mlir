// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg %s
// What the CPU path refuses: complex tensors (expand them first), ttir ops
// without a CPU lowering, and unresolved unrealized casts.

func.func @complex(%a: tensor<2x2xcomplex<f32>>, %b: tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>> {
  // expected-error @+1 {{'ttir.multiply' op has complex tensors; the CPU path takes real tensors only (run ttir-expand-complex first)}}
  %0 = "ttir.multiply"(%a, %b) : (tensor<2x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  return %0 : tensor<2x2xcomplex<f32>>
}

// -----

func.func @mul_bw(%g: tensor<2xf32>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error @+1 {{'ttir.mul_bw' has no CPU lowering; run ttir-backward-decomposition-pipeline first}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @cast(%a: tensor<2xf32>) -> tensor<2xbf16> {
  // expected-error @+1 {{unrealized_conversion_cast cannot be executed on the CPU path}}
  %0 = builtin.unrealized_conversion_cast %a : tensor<2xf32> to tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// expected-error @+1 {{function has complex tensors; the CPU path takes real tensors only}}
func.func @complex_signature_only(%a: tensor<2xcomplex<bf16>>) -> tensor<2xcomplex<bf16>> {
  return %a : tensor<2xcomplex<bf16>>
}
