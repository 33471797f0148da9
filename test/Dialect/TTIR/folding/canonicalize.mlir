// RUN: ttbw-opt --split-input-file --canonicalize %s | FileCheck %s
// Upstream canonicalize on ttir ops: folders and dead-code removal (ttir ops are Pure).

// CHECK-LABEL: func.func @identity_typecast
func.func @identity_typecast(%x: tensor<4x32xbf16>) -> tensor<4x32xbf16> {
  // CHECK-NEXT: return %arg0
  %0 = "ttir.typecast"(%x) : (tensor<4x32xbf16>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

// -----

// A typecast that changes the data type (layout encoding) stays.
// CHECK-LABEL: func.func @data_type_typecast
func.func @data_type_typecast(%x: tensor<4x32xbf16>) -> tensor<4x32xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  // CHECK-NEXT: "ttir.typecast"(%arg0)
  %0 = "ttir.typecast"(%x) : (tensor<4x32xbf16>) -> tensor<4x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<4x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// CHECK-LABEL: func.func @identity_reshape
func.func @identity_reshape(%x: tensor<4x32xbf16>) -> tensor<4x32xbf16> {
  // CHECK-NEXT: return %arg0
  %0 = "ttir.reshape"(%x) <{shape = [4 : i32, 32 : i32]}> : (tensor<4x32xbf16>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

// -----

// CHECK-LABEL: func.func @reshape_of_reshape
func.func @reshape_of_reshape(%x: tensor<4x32xbf16>) -> tensor<2x64xbf16> {
  // CHECK-NEXT: %[[R:.*]] = "ttir.reshape"(%arg0) <{shape = [2 : i32, 64 : i32]}> : (tensor<4x32xbf16>) -> tensor<2x64xbf16>
  // CHECK-NEXT: return %[[R]]
  %0 = "ttir.reshape"(%x) <{shape = [128 : i32]}> : (tensor<4x32xbf16>) -> tensor<128xbf16>
  %1 = "ttir.reshape"(%0) <{shape = [2 : i32, 64 : i32]}> : (tensor<128xbf16>) -> tensor<2x64xbf16>
  return %1 : tensor<2x64xbf16>
}

// -----

// A reshape and back is no reshape at all.
// CHECK-LABEL: func.func @reshape_round_trip
func.func @reshape_round_trip(%x: tensor<4x32xbf16>) -> tensor<4x32xbf16> {
  // CHECK-NEXT: return %arg0
  %0 = "ttir.reshape"(%x) <{shape = [128 : i32]}> : (tensor<4x32xbf16>) -> tensor<128xbf16>
  %1 = "ttir.reshape"(%0) <{shape = [4 : i32, 32 : i32]}> : (tensor<128xbf16>) -> tensor<4x32xbf16>
  return %1 : tensor<4x32xbf16>
}

// -----

// CHECK-LABEL: func.func @double_negation
func.func @double_negation(%x: tensor<4x32xbf16>) -> tensor<4x32xbf16> {
  // CHECK-NEXT: return %arg0
  %0 = "ttir.neg"(%x) : (tensor<4x32xbf16>) -> tensor<4x32xbf16>
  %1 = "ttir.neg"(%0) : (tensor<4x32xbf16>) -> tensor<4x32xbf16>
  return %1 : tensor<4x32xbf16>
}

// -----

// Unused pure ops are removed, an unused mul_bw is not (it may write preallocated results),
// nor are foreign ops, whose effects ttbw does not know.
// CHECK-LABEL: func.func @dead_code
func.func @dead_code(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %ia: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK-NOT: ttir.multiply
  // CHECK-NOT: ttir.sum
  // CHECK: ttir.mul_bw
  // CHECK-NEXT: "ttir.upsample2d"
  // CHECK-NEXT: return %arg0
  %0 = "ttir.multiply"(%g, %a) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  %1 = "ttir.sum"(%0) <{keep_dim = true}> : (tensor<32x32xbf16>) -> tensor<1x1xbf16>
  %2 = ttir.mul_bw %g, %a, %a input_grad(%ia : tensor<32x32xbf16>) {are_required_outputs = array<i1: true, false>} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16>
  %3 = "ttir.upsample2d"(%g) <{scale_factor = 2 : si32}> : (tensor<32x32xbf16>) -> tensor<64x64xbf16>
  return %g : tensor<32x32xbf16>
}
