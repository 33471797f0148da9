// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// tt-mlir's TTIR as tt-mlir prints it: properties in <{...}>, optional attributes, defaults.

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  // CHECK: "ttir.abs"(%arg0) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  %0 = "ttir.abs"(%x) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.exp"
  %1 = "ttir.exp"(%0) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.log"
  %2 = "ttir.log"(%1) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.sqrt"
  %3 = "ttir.sqrt"(%2) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.rsqrt"
  %4 = "ttir.rsqrt"(%3) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.reciprocal"
  %5 = "ttir.reciprocal"(%4) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.sigmoid"
  %6 = "ttir.sigmoid"(%5) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.tanh"
  %7 = "ttir.tanh"(%6) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.relu"
  %8 = "ttir.relu"(%7) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.gelu"
  %9 = "ttir.gelu"(%8) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.sign"
  %10 = "ttir.sign"(%9) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.sin"
  %11 = "ttir.sin"(%10) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.cos"
  %12 = "ttir.cos"(%11) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.erf"
  %13 = "ttir.erf"(%12) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.floor"
  %14 = "ttir.floor"(%13) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.ceil"
  %15 = "ttir.ceil"(%14) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.log1p"
  %16 = "ttir.log1p"(%15) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.expm1"
  %17 = "ttir.expm1"(%16) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  return %17 : tensor<4x32xf32>
}

// -----

// CHECK-LABEL: func.func @binary_and_where
func.func @binary_and_where(%x: tensor<4x32xf32>, %y: tensor<1x32xf32>) -> tensor<4x32xf32> {
  // CHECK: "ttir.div"(%arg0, %arg1) : (tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  %0 = "ttir.div"(%x, %y) : (tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.maximum"
  %1 = "ttir.maximum"(%0, %y) : (tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.minimum"
  %2 = "ttir.minimum"(%1, %x) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.pow"
  %3 = "ttir.pow"(%2, %y) : (tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.gt"
  %4 = "ttir.gt"(%3, %y) : (tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.eq"
  %5 = "ttir.eq"(%4, %x) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.ne"
  %6 = "ttir.ne"(%5, %x) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.ge"
  %7 = "ttir.ge"(%6, %x) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.lt"
  %8 = "ttir.lt"(%7, %x) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.le"
  %9 = "ttir.le"(%8, %x) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.where"(%{{.*}}, %arg0, %arg1) : (tensor<4x32xf32>, tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  %10 = "ttir.where"(%9, %x, %y) : (tensor<4x32xf32>, tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  return %10 : tensor<4x32xf32>
}

// -----

// CHECK-LABEL: func.func @shapes_reductions_constants
func.func @shapes_reductions_constants(%x: tensor<1x32xbf16>) -> (tensor<4x32xbf16>, tensor<4x1xbf16>, tensor<bf16>, tensor<2xf32>, tensor<2x2xf32>, tensor<1x32xf32>) {
  // CHECK: "ttir.broadcast"(%arg0) <{broadcast_dimensions = array<i64: 4, 1>}> : (tensor<1x32xbf16>) -> tensor<4x32xbf16>
  %0 = "ttir.broadcast"(%x) <{broadcast_dimensions = array<i64: 4, 1>}> : (tensor<1x32xbf16>) -> tensor<4x32xbf16>
  // CHECK: "ttir.mean"(%{{.*}}) <{dim_arg = [-1 : i32], keep_dim = true}> : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  %1 = "ttir.mean"(%0) <{dim_arg = [-1 : i32], keep_dim = true}> : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  // CHECK: "ttir.max"(%{{.*}}) <{keep_dim = false}> : (tensor<4x32xbf16>) -> tensor<bf16>
  %2 = "ttir.max"(%0) <{keep_dim = false}> : (tensor<4x32xbf16>) -> tensor<bf16>
  // CHECK: "ttir.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %3 = "ttir.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  // CHECK: "ttir.full"() <{fill_value = 7.000000e+00 : f32, shape = array<i32: 2, 2>}> : () -> tensor<2x2xf32>
  %4 = "ttir.full"() <{fill_value = 7.0 : f32, shape = array<i32: 2, 2>}> : () -> tensor<2x2xf32>
  // CHECK: "ttir.typecast"(%arg0) <{conservative_folding = true}> : (tensor<1x32xbf16>) -> tensor<1x32xf32>
  %5 = "ttir.typecast"(%x) <{conservative_folding = true}> : (tensor<1x32xbf16>) -> tensor<1x32xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4x32xbf16>, tensor<4x1xbf16>, tensor<bf16>, tensor<2xf32>, tensor<2x2xf32>, tensor<1x32xf32>
}

// -----

// Ops tt-mlir has and ttbw does not define parse and print back, properties included.
// CHECK-LABEL: func.func @foreign_ops
func.func @foreign_ops(%x: tensor<64x128xbf16>, %w: tensor<128x32xbf16>) -> tensor<64x32xbf16> {
  // CHECK: "ttir.matmul"(%arg0, %arg1) <{transpose_a = false, transpose_b = false}> : (tensor<64x128xbf16>, tensor<128x32xbf16>) -> tensor<64x32xbf16>
  %0 = "ttir.matmul"(%x, %w) <{transpose_a = false, transpose_b = false}> : (tensor<64x128xbf16>, tensor<128x32xbf16>) -> tensor<64x32xbf16>
  // CHECK: "ttir.softmax"(%{{.*}}) <{dimension = 1 : si32}> : (tensor<64x32xbf16>) -> tensor<64x32xbf16>
  %1 = "ttir.softmax"(%0) <{dimension = 1 : si32}> : (tensor<64x32xbf16>) -> tensor<64x32xbf16>
  // CHECK: "ttir.leaky_relu"(%{{.*}}) {parameter = 0.00999999977 : f32} : (tensor<64x32xbf16>) -> tensor<64x32xbf16>
  %2 = "ttir.leaky_relu"(%1) {parameter = 0.01 : f32} : (tensor<64x32xbf16>) -> tensor<64x32xbf16>
  return %2 : tensor<64x32xbf16>
}

// -----

// Elementwise operands of different real element types, as tt-mlir's TTIR writes them.
// CHECK-LABEL: func.func @mixed_element_types
func.func @mixed_element_types(%a: tensor<3xsi32>, %b: tensor<3xf32>, %c: tensor<3xbf16>) -> (tensor<3xf32>, tensor<3xbf16>) {
  // CHECK: "ttir.add"(%arg0, %arg1) : (tensor<3xsi32>, tensor<3xf32>) -> tensor<3xf32>
  %0 = "ttir.add"(%a, %b) : (tensor<3xsi32>, tensor<3xf32>) -> tensor<3xf32>
  // CHECK: "ttir.div"(%arg1, %arg2) : (tensor<3xf32>, tensor<3xbf16>) -> tensor<3xbf16>
  %1 = "ttir.div"(%b, %c) : (tensor<3xf32>, tensor<3xbf16>) -> tensor<3xbf16>
  return %0, %1 : tensor<3xf32>, tensor<3xbf16>
}
