// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// #ttir<flattened_compat ...> needs its three integers, in tt-mlir's order.

func.func @missing(%a: tensor<1x1x400x32xbf16>) -> tensor<1x1x400x32xbf16> {
  // expected-error @+1 {{expected ','}}
  %0 = "ttir.exp"(%a) {flattened_compat_info = #ttir<flattened_compat batch_size = 1, input_height = 20>} : (tensor<1x1x400x32xbf16>) -> tensor<1x1x400x32xbf16>
  return %0 : tensor<1x1x400x32xbf16>
}

// -----

func.func @not_an_integer(%a: tensor<1x1x400x32xbf16>) -> tensor<1x1x400x32xbf16> {
  // expected-error @+2 {{expected integer value}}
  // expected-error @+1 {{failed to parse TTIR_FlattenedCompatAttr parameter 'batch_size' which is to be a `int64_t`}}
  %0 = "ttir.exp"(%a) {flattened_compat_info = #ttir<flattened_compat batch_size = x, input_height = 20, input_width = 20>} : (tensor<1x1x400x32xbf16>) -> tensor<1x1x400x32xbf16>
  return %0 : tensor<1x1x400x32xbf16>
}
