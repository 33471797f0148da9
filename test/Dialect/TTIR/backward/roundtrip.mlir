// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// RUN: ttbw-opt --split-input-file --mlir-print-op-generic %s | ttbw-opt --split-input-file | FileCheck %s
// The backward ops' custom forms print back as they parse; the generic form (with segment
// sizes for the binary class) parses to the same ops.

// CHECK-LABEL: func.func @add_bw
func.func @add_bw(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x1xbf16>, %b: tensor<64xbf16>) -> (tensor<2x32x1xbf16>, tensor<64xbf16>) {
  // CHECK: = ttir.add_bw %arg0, %arg1, %arg2 : tensor<2x32x64xbf16>, tensor<2x32x1xbf16>, tensor<64xbf16> -> input_grad tensor<2x32x1xbf16> other_grad tensor<64xbf16>
  %0:2 = ttir.add_bw %g, %a, %b : tensor<2x32x64xbf16>, tensor<2x32x1xbf16>, tensor<64xbf16> -> input_grad tensor<2x32x1xbf16> other_grad tensor<64xbf16>
  return %0#0, %0#1 : tensor<2x32x1xbf16>, tensor<64xbf16>
}

// -----

// CHECK-LABEL: func.func @add_bw_generic
func.func @add_bw_generic(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %ob: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: ttir.add_bw %arg0, %arg1, %arg2 other_grad(%arg3 : tensor<32x32xf32>) {are_required_outputs = array<i1: false, true>, memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32> -> other_grad tensor<32x32xf32>
  %0 = "ttir.add_bw"(%g, %a, %b, %ob) <{are_required_outputs = array<i1: false, true>, memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, resultSegmentSizes = array<i32: 0, 1>}> : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: func.func @add_bw_scalar
func.func @add_bw_scalar(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %s: f32) -> tensor<32x32xbf16> {
  // CHECK: ttir.add_bw %arg0, %arg1, %arg2 : tensor<32x32xbf16>, tensor<32x32xbf16>, f32 -> input_grad tensor<32x32xbf16>{{$}}
  %0 = ttir.add_bw %g, %a, %s : tensor<32x32xbf16>, tensor<32x32xbf16>, f32 -> input_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @neg_bw
func.func @neg_bw(%g: tensor<32x32xbf16>, %x: tensor<32x32xbf16>, %out: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // CHECK: ttir.neg_bw %arg0, %arg1 : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %0 = ttir.neg_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  // CHECK: ttir.neg_bw %arg0, %arg1 input_grad(%arg2 : tensor<32x32xbf16>) {memory_config = #ttir.memory_config<"dram", "interleaved">} : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %1 = "ttir.neg_bw"(%g, %x, %out) <{memory_config = #ttir.memory_config<"dram", "interleaved">}> : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @div_bw
func.func @div_bw(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<1x32xbf16>) -> (tensor<32x32xbf16>, tensor<1x32xbf16>) {
  // CHECK: ttir.div_bw %arg0, %arg1, %arg2 {round_mode = "trunc"} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<1x32xbf16>
  %0:2 = ttir.div_bw %g, %a, %b {round_mode = "trunc"} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<1x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<1x32xbf16>
}

// -----

// CHECK-LABEL: func.func @alpha
func.func @alpha(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // CHECK: ttir.addalpha_bw %arg0, %arg1, %arg1 {alpha = 2.500000e+00 : f32, are_required_outputs = array<i1: true, false>} : {{.*}} -> input_grad tensor<32x32xbf16>{{$}}
  %0 = ttir.addalpha_bw %g, %a, %a {alpha = 2.5 : f32, are_required_outputs = array<i1: true, false>} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16>
  // CHECK: ttir.subalpha_bw %arg0, %arg1, %arg1 {are_required_outputs = array<i1: false, true>} :
  %1 = ttir.subalpha_bw %g, %a, %a {are_required_outputs = array<i1: false, true>} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> other_grad tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @where_bw
func.func @where_bw(%g: tensor<2x32x32xbf16>, %c: tensor<32x32xbf16>, %a: tensor<2x32x32xbf16>, %b: tensor<1x32xbf16>, %ob: tensor<1x32xbf16>) -> (tensor<2x32x32xbf16>, tensor<1x32xbf16>) {
  // CHECK: ttir.where_bw %arg0, %arg1, %arg2, %arg3 other_grad(%arg4 : tensor<1x32xbf16>) : tensor<2x32x32xbf16>, tensor<32x32xbf16>, tensor<2x32x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<2x32x32xbf16> other_grad tensor<1x32xbf16>
  %0:2 = ttir.where_bw %g, %c, %a, %b other_grad(%ob : tensor<1x32xbf16>) : tensor<2x32x32xbf16>, tensor<32x32xbf16>, tensor<2x32x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<2x32x32xbf16> other_grad tensor<1x32xbf16>
  return %0#0, %0#1 : tensor<2x32x32xbf16>, tensor<1x32xbf16>
}

// -----

// CHECK-LABEL: func.func @addcmul_bw
func.func @addcmul_bw(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %t: tensor<32x1xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x1xbf16>) {
  // CHECK: ttir.addcmul_bw %arg0, %arg1, %arg1, %arg2 {memory_config = #ttir.memory_config<"l1", "interleaved">, value = 5.000000e-01 : f32} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x1xbf16> -> tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x1xbf16>
  %0:3 = "ttir.addcmul_bw"(%g, %a, %a, %t) <{value = 0.5 : f32, memory_config = #ttir.memory_config<"l1", "interleaved">}> : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x1xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x1xbf16>)
  return %0#0, %0#1, %0#2 : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x1xbf16>
}
