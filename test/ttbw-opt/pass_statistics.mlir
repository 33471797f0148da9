// --mlir-pass-statistics: MLIR's pass statistics report on stderr, once per input (chunk), with
// the counters of ttbw's passes and, for an upstream pass, MLIR's own.
// RUN: ttbw-opt --mlir-pass-statistics --split-input-file --ttir-decompose-backward --ttir-expand-complex --cse %s 2>&1 >/dev/null | FileCheck %s

// CHECK: ===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^                         }}... Pass statistics report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^}}TTIRDecomposeBackward
// CHECK-NEXT: {{^}}  (S) 2 num-decomposed - Number of backward ops decomposed
// CHECK-NEXT: {{^}}  (S) 1 num-replayed   - Number of them decomposed as a copy of an equal op's decomposition
// CHECK-NEXT: {{^}}TTIRExpandComplex
// CHECK-NEXT: {{^}}  (S) 0 num-functions - Number of functions whose complex tensors were expanded
// CHECK-NEXT: {{^}}  (S) 0 num-ops       - Number of ops on complex tensors expanded
// CHECK-NEXT: {{^}}CSE
// CHECK-NEXT: {{^}}  (S) 2 num-cse'd - Number of operations CSE'd
// CHECK-NEXT: {{^}}  (S) 0 num-dce'd - Number of operations DCE'd
// CHECK-EMPTY:
func.func @twice(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %1 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// The second chunk's own report: its counters start from zero.
// CHECK: ... Pass statistics report ...
// CHECK: {{^}}TTIRDecomposeBackward
// CHECK-NEXT: {{^}}  (S) 0 num-decomposed
// CHECK-NEXT: {{^}}  (S) 0 num-replayed
// CHECK: {{^}}TTIRExpandComplex
// CHECK-NEXT: {{^}}  (S) 1 num-functions
// CHECK-NEXT: {{^}}  (S) 1 num-ops
func.func @complex(%a: tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>> {
  %0 = "ttir.neg"(%a) : (tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>>
  return %0 : tensor<32x32xcomplex<f32>>
}
