// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// A `ttir.*` name that neither ttbw nor tt-mlir (dialect/TTMLIROpNames.inc) defines is refused
// at the op, with the closest name either defines.

func.func @generic_form_typo(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.mul_bwx' is neither a ttbw op nor a TTIR op of tt-mlir (at 19c86fca45ae); did you mean 'ttir.mul_bw'?}}
  %0 = "ttir.mul_bwx"(%g, %a) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// A typo of one of tt-mlir's ops: tt-mlir's name is suggested.
func.func @ttmlir_op_typo(%a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttir.concatt' is neither a ttbw op nor a TTIR op of tt-mlir (at 19c86fca45ae); did you mean 'ttir.concat'?}}
  %0 = "ttir.concatt"(%a, %b) <{dim = 0 : si32}> : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

// No name is close: no suggestion.
func.func @nothing_close(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.zzzzzzzz' is neither a ttbw op nor a TTIR op of tt-mlir (at 19c86fca45ae)}}
  %0 = "ttir.zzzzzzzz"(%a) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// Every unknown op is named, not only the first.
func.func @two(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.sigmoidd' is neither a ttbw op nor a TTIR op of tt-mlir (at 19c86fca45ae); did you mean 'ttir.sigmoid'?}}
  %0 = "ttir.sigmoidd"(%a) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // expected-error @+1 {{'ttir.tanhh' is neither a ttbw op nor a TTIR op of tt-mlir (at 19c86fca45ae); did you mean 'ttir.tanh'?}}
  %1 = "ttir.tanhh"(%0) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %1 : tensor<32x32xbf16>
}

// -----

// In the custom form the parser stops at the name: the suggestion is added to its message.
func.func @custom_form_typo(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{custom op 'ttir.nge' is unknown; did you mean 'ttir.ge'?}}
  %0 = ttir.nge %a : tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// One of tt-mlir's ops that ttbw does not define, in a custom form, which ttbw does not read:
// the message says which form it does read.
func.func @ttmlir_custom_form(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{custom op 'ttir.cumsum' is unknown; tt-mlir's 'ttir.cumsum' is read in the generic form only ("ttir.cumsum"(...) : (...) -> ...)}}
  %0 = ttir.cumsum %a {dim = 1 : i64} : tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
