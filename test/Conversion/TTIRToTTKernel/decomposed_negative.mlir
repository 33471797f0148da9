// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s
// Decomposed TTIR that is not the decomposition of one ttir.mul_bw is refused at its first
// ttir op (the fused lowering must know the op's semantics; nothing is guessed).

func.func @lone_multiply(%g: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: function @lone_multiply is not the decomposition of one ttir.mul_bw}}
  %0 = "ttir.multiply"(%g, %b) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// grad * a summed to b's shape, then doubled: not what mul_bw computes.
func.func @wrong_sum(%arg0: tensor<1x3x64x96xbf16>, %arg1: tensor<1x3x64x96xbf16>, %arg2: tensor<1x1x1x96xbf16>) -> tensor<1x1x1x96xbf16> {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: function @wrong_sum is not the decomposition of one ttir.mul_bw}}
  %0 = "ttir.multiply"(%arg0, %arg1) : (tensor<1x3x64x96xbf16>, tensor<1x3x64x96xbf16>) -> tensor<1x3x64x96xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [1 : i32, 2 : i32], keep_dim = true} : (tensor<1x3x64x96xbf16>) -> tensor<1x1x1x96xbf16>
  %2 = "ttir.add"(%1, %1) : (tensor<1x1x1x96xbf16>, tensor<1x1x1x96xbf16>) -> tensor<1x1x1x96xbf16>
  return %2 : tensor<1x1x1x96xbf16>
}

// -----

// The arguments in another order than (grad, a, b): grad_a = grad * b with grad second.
func.func @arguments_reordered(%b: tensor<32x32xbf16>, %g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: function @arguments_reordered is not the decomposition of one ttir.mul_bw}}
  %0 = "ttir.multiply"(%g, %b) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
