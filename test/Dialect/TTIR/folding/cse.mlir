// RUN: ttbw-opt --split-input-file --cse %s | FileCheck %s
// Upstream cse merges identical pure ttir ops (multiply and add are commutative).

// CHECK-LABEL: func.func @duplicates
func.func @duplicates(%x: tensor<4x32xbf16>, %y: tensor<1x32xbf16>) -> (tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xbf16>, tensor<4x1xbf16>) {
  // CHECK-NEXT: %[[M:.*]] = "ttir.multiply"(%arg0, %arg1)
  // CHECK-NEXT: %[[S:.*]] = "ttir.sum"(%[[M]]) <{dim_arg = [1 : i32], keep_dim = true}>
  // CHECK-NEXT: return %[[M]], %[[M]], %[[S]], %[[S]]
  %0 = "ttir.multiply"(%x, %y) : (tensor<4x32xbf16>, tensor<1x32xbf16>) -> tensor<4x32xbf16>
  %1 = "ttir.multiply"(%y, %x) : (tensor<1x32xbf16>, tensor<4x32xbf16>) -> tensor<4x32xbf16>
  %2 = "ttir.sum"(%0) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  %3 = "ttir.sum"(%1) {dim_arg = [1 : i32], keep_dim = true} : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  return %0, %1, %2, %3 : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xbf16>, tensor<4x1xbf16>
}

// -----

// Different properties or operand order of a non-commutative op: nothing to merge.
// CHECK-LABEL: func.func @distinct
func.func @distinct(%x: tensor<4x32xbf16>, %y: tensor<4x32xbf16>) -> (tensor<4x1xbf16>, tensor<1x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>) {
  // CHECK-COUNT-2: "ttir.sum"
  // CHECK-COUNT-2: "ttir.subtract"
  %0 = "ttir.sum"(%x) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  %1 = "ttir.sum"(%x) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<4x32xbf16>) -> tensor<1x32xbf16>
  %2 = "ttir.subtract"(%x, %y) : (tensor<4x32xbf16>, tensor<4x32xbf16>) -> tensor<4x32xbf16>
  %3 = "ttir.subtract"(%y, %x) : (tensor<4x32xbf16>, tensor<4x32xbf16>) -> tensor<4x32xbf16>
  return %0, %1, %2, %3 : tensor<4x1xbf16>, tensor<1x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>
}

// -----

// Ops of unknown effects (foreign TTIR ops, mul_bw) are never merged.
// CHECK-LABEL: func.func @not_pure
func.func @not_pure(%x: tensor<4x32xbf16>) -> (tensor<4x32xbf16>, tensor<4x32xbf16>) {
  // CHECK-COUNT-2: "ttir.softmax"
  %0 = "ttir.softmax"(%x) <{dimension = 1 : si32}> : (tensor<4x32xbf16>) -> tensor<4x32xbf16>
  %1 = "ttir.softmax"(%x) <{dimension = 1 : si32}> : (tensor<4x32xbf16>) -> tensor<4x32xbf16>
  return %0, %1 : tensor<4x32xbf16>, tensor<4x32xbf16>
}
