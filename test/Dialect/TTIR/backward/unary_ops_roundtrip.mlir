// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// RUN: ttbw-opt --split-input-file --mlir-print-op-generic %s | ttbw-opt --split-input-file | FileCheck %s
// The unary backward ops' custom forms print back as they parse (gelu_bw with its
// approximate attribute); the generic form parses to the same ops.
// CHECK-LABEL: func.func @relu_bw
func.func @relu_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.relu_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.relu_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @silu_bw
func.func @silu_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.silu_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.silu_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @tanh_bw
func.func @tanh_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.tanh_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.tanh_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @sigmoid_bw
func.func @sigmoid_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.sigmoid_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.sigmoid_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @exp_bw
func.func @exp_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.exp_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.exp_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @log_bw
func.func @log_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.log_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.log_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @sqrt_bw
func.func @sqrt_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.sqrt_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.sqrt_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @rsqrt_bw
func.func @rsqrt_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.rsqrt_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.rsqrt_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @reciprocal_bw
func.func @reciprocal_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.reciprocal_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.reciprocal_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @square_bw
func.func @square_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.square_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.square_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @gelu_bw
func.func @gelu_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>, %out: tensor<2x32x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<2x32x64xbf16>) {
  // CHECK: = ttir.gelu_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.gelu_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  // CHECK: = ttir.gelu_bw %arg0, %arg1 {approximate = "tanh"} : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %1 = ttir.gelu_bw %g, %x {approximate = "tanh"} : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  // CHECK: = ttir.gelu_bw %arg0, %arg1 input_grad(%arg2 : tensor<2x32x64xbf16>) {approximate = "none", memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %2 = "ttir.gelu_bw"(%g, %x, %out) <{approximate = "none", memory_config = #ttir.memory_config<"l1", "interleaved">}> : (tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16>
  return %0, %1, %2 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<2x32x64xbf16>
}
