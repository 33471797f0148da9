// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// Forward ops take every element type tt-mlir's ops take (integers, i1, f64, ttnn layouts);
// only backward ops and the lowering need bf16 / f32.

// CHECK-LABEL: func.func @integers
func.func @integers(%a: tensor<4xsi32>, %b: tensor<4xsi32>) -> (tensor<4xsi32>, tensor<1xsi32>, tensor<2x2xsi32>) {
  // CHECK: "ttir.add"(%arg0, %arg1) : (tensor<4xsi32>, tensor<4xsi32>) -> tensor<4xsi32>
  %0 = "ttir.add"(%a, %b) : (tensor<4xsi32>, tensor<4xsi32>) -> tensor<4xsi32>
  // CHECK: "ttir.sum"(%0)
  %1 = "ttir.sum"(%0) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<4xsi32>) -> tensor<1xsi32>
  // CHECK: "ttir.reshape"(%0)
  %2 = "ttir.reshape"(%0) <{shape = [2 : i32, 2 : i32]}> : (tensor<4xsi32>) -> tensor<2x2xsi32>
  return %0, %1, %2 : tensor<4xsi32>, tensor<1xsi32>, tensor<2x2xsi32>
}

// -----

// CHECK-LABEL: func.func @predicates_and_f64
func.func @predicates_and_f64(%x: tensor<4xf64>, %p: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xbf16>, tensor<1x32xi32>) {
  // CHECK: "ttir.eq"(%arg0, %arg0) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  %0 = "ttir.eq"(%x, %x) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  // CHECK: "ttir.typecast"(%arg1) : (tensor<4xi1>) -> tensor<4xbf16>
  %1 = "ttir.typecast"(%p) : (tensor<4xi1>) -> tensor<4xbf16>
  // CHECK: "ttir.full"() <{fill_value = 1 : i32, shape = array<i32: 1, 32>}> : () -> tensor<1x32xi32>
  %2 = "ttir.full"() <{fill_value = 1 : i32, shape = array<i32: 1, 32>}> : () -> tensor<1x32xi32>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xbf16>, tensor<1x32xi32>
}
