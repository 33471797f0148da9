// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// clamp_tensor_bw's rule (passes/derivatives.py): min <= x <= max ? g : 0, in f32, then cast
// (ttbw.sum_to: rounded once, and a broadcast input's gradient summed back to its shape).

// CHECK-LABEL: func.func @bounds
func.func @bounds(%g: tensor<2x32xbf16>, %x: tensor<2x32xbf16>, %lo: tensor<2x32xbf16>, %hi: tensor<1x1xf32>) -> tensor<2x32xbf16> {
  // CHECK-NOT: ttir.clamp_tensor_bw
  // CHECK-DAG: %[[X:.*]] = "ttir.typecast"(%arg1) : (tensor<2x32xbf16>) -> tensor<2x32xf32>
  // CHECK-DAG: %[[LO:.*]] = "ttir.typecast"(%arg2) : (tensor<2x32xbf16>) -> tensor<2x32xf32>
  // CHECK: %[[ABOVE:.*]] = "ttir.ge"(%[[X]], %[[LO]])
  // CHECK: %[[BELOW:.*]] = "ttir.le"(%[[X]], %arg3) : (tensor<2x32xf32>, tensor<1x1xf32>) -> tensor<2x32xf32>
  // CHECK: %[[IN:.*]] = "ttir.where"(%[[BELOW]], %{{.*}}, %{{.*}})
  // CHECK: %[[KEPT:.*]] = "ttir.where"(%[[ABOVE]], %[[IN]], %{{.*}})
  // CHECK: builtin.unrealized_conversion_cast %[[KEPT]] : tensor<2x32xf32> to tensor<2x32xbf16> {ttbw.sum_to}
  %0 = ttir.clamp_tensor_bw %g, %x, %lo, %hi : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<1x1xf32> -> tensor<2x32xbf16>
  return %0 : tensor<2x32xbf16>
}

// -----

// CHECK-LABEL: func.func @broadcast_input
func.func @broadcast_input(%g: tensor<4x32xf32>, %x: tensor<1x32xf32>, %lo: tensor<4x32xf32>) -> tensor<1x32xf32> {
  // CHECK: "ttir.where"
  // CHECK: {ttbw.sum_to}
  %0 = ttir.clamp_tensor_bw %g, %x, %lo, %lo : tensor<4x32xf32>, tensor<1x32xf32>, tensor<4x32xf32>, tensor<4x32xf32> -> tensor<1x32xf32>
  return %0 : tensor<1x32xf32>
}
