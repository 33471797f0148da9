// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// exp_bw: input_grad = (grad * exp(b)) * s, b = x and s = 1 on [-64, 64], beyond it b = x -+ H
// (H ~ 64 ln2, exact) and s = 2^+-64 times the rest of H: no exp leaving float32's range where
// grad * exp(x) need not; f32 opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @exp_bf16
func.func @exp_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.exp_bw
  // CHECK-DAG: %[[G:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK-DAG: %[[X:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[HIGH:.*]] = "ttir.gt"(%[[X]],
  // CHECK: %[[LOW:.*]] = "ttir.lt"(%[[X]],
  // CHECK: %[[B:.*]] = "ttir.where"(%[[HIGH]], {{.*}}) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[E:.*]] = "ttir.exp"(%[[B]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[GE:.*]] = "ttir.multiply"(%[[G]], %[[E]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[S:.*]] = "ttir.where"(%[[HIGH]], {{.*}}) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[R:.*]] = "ttir.multiply"(%[[GE]], %[[S]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[OUT:.*]] = builtin.unrealized_conversion_cast %[[R]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[OUT]] : tensor<2x32x32xbf16>
  %0 = ttir.exp_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts; one exp.
// CHECK-LABEL: func.func @exp_f32
func.func @exp_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.typecast
  // CHECK: "ttir.exp"
  // CHECK-NOT: "ttir.exp"
  // CHECK: return
  %0 = ttir.exp_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
