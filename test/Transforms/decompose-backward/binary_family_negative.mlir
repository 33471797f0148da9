// RUN: ttbw-opt --split-input-file --ttir-decompose-backward --verify-diagnostics %s
// The decomposition verifies the family's ops first: a broken op is reported at the op, nothing rewritten.

func.func @mask_requests_nothing(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>, %b: tensor<32x32xf32>) {
  // expected-error @+1 {{'are_required_outputs' requests no output: at least one gradient is expected to be calculated}}
  ttir.logaddexp_bw %g, %a, %b {are_required_outputs = array<i1: false, false>} : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32> ->
  return
}
