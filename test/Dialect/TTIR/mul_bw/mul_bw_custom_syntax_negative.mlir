// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Parse failures of mul_bw's custom syntax are located diagnostics, matched like any other.
// RUN: not ttbw-opt --split-input-file %s 2>&1 | FileCheck %s

func.func @missing_other(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: mul_bw_custom_syntax_negative.mlir:[[# @LINE + 2]]:26: error: expected ','
  // expected-error @+1 {{expected ','}}
  %0 = ttir.mul_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @result_without_keyword(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: mul_bw_custom_syntax_negative.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error:
  // expected-error @+1 {{cannot name an operation with no results}}
  %0 = ttir.mul_bw %g, %a, %a : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @preallocated_without_type(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: mul_bw_custom_syntax_negative.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: expected ':'
  // expected-error @+1 {{expected ':'}}
  %0 = ttir.mul_bw %g, %a, %a input_grad(%a) : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
