// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s
// Decomposed TTIR that is no mul_bw's decomposition is lowered op by op; what no program
// exists for is refused at the op.

func.func @broadcast_add(%a: tensor<32x32xbf16>, %b: tensor<1x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.add' op: unsupported: composite mode: ttir.add with broadcast operands is not supported}}
  %0 = "ttir.add"(%a, %b) : (tensor<32x32xbf16>, tensor<1x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @lone_full() -> tensor<f32> {
  // expected-error @+1 {{'ttir.full' op: unsupported: composite mode: every returned value must be computed by a program}}
  %0 = "ttir.full"() {fill_value = 4.000000e+00 : f32, shape = array<i32>} : () -> tensor<f32>
  return %0 : tensor<f32>
}
