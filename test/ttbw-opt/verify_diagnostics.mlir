// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// RUN: sed -e 's/expected-error @above {{operand .grad.: element type i32/expected-error @above {{operand input: wrong text/' %s \
// RUN:   | not ttbw-opt --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: sed -e 's/ expected-error @-1 .*$//' %s \
// RUN:   | not ttbw-opt --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=UNEXPECTED
// The @+N, @-N, @above, @below and -re forms of expected diagnostics.

func.func @plus(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'ttir.neg_bw' op operand 'grad': element type i32 is not a floating-point type}}
  %0 = ttir.neg_bw %x, %x : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @minus(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = ttir.neg_bw %x, %x : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  // expected-error @-1 {{element type i32 is not a floating-point type}}
  return %0 : tensor<4xi32>
}

// -----

func.func @above(%g: tensor<4xi32>) -> tensor<4xi32> {
  %0 = ttir.neg_bw %g, %g : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  // expected-error @above {{operand 'grad': element type i32}}
  return %0 : tensor<4xi32>
}

// -----

func.func @below(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error-re @below {{element type i{{[0-9]+}} is not a floating-point type}}
  %0 = ttir.neg_bw %x, %x : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// MISMATCH: error: unexpected error: 'ttir.neg_bw' op operand 'grad': element type i32
// MISMATCH: error: expected error "operand input: wrong text{{.*}}" was not produced
// UNEXPECTED: <stdin>:17:8: error: unexpected error: 'ttir.neg_bw' op operand 'grad'
