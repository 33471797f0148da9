// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// prod_bw's rule (passes/derivatives_reduction.py): the product of the others in the log domain,
// in f32 (a bf16 gradient rounded once at the end): per slice six sums over the reduced dims,
// read back (the counts of zeros, infinities, NaNs and negatives; the logs of the mantissas; the
// binary exponents), one exp per element.

// CHECK-LABEL: func.func @one_dim
func.func @one_dim(%g: tensor<2x1x40xbf16>, %x: tensor<2x3x40xbf16>) -> tensor<2x3x40xbf16> {
  // CHECK-NOT: ttir.prod_bw
  // CHECK: "ttir.typecast"(%arg1) : (tensor<2x3x40xbf16>) -> tensor<2x3x40xf32>
  // CHECK-COUNT-4: "ttir.sum"(%{{.*}}) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<2x3x40xf32>) -> tensor<2x1x40xf32>
  // CHECK: "ttir.log"
  // CHECK: "ttir.sum"(%{{.*}}) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<2x3x40xf32>) -> tensor<2x1x40xf32>
  // CHECK: "ttir.exp"({{.*}}) : (tensor<2x3x40xf32>) -> tensor<2x3x40xf32>
  // CHECK-NOT: "ttir.exp"
  // CHECK: "ttir.sum"(%{{.*}}) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<2x3x40xf32>) -> tensor<2x1x40xf32>
  // CHECK-NOT: "ttir.sum"
  // CHECK: return %{{.*}} : tensor<2x3x40xbf16>
  %0 = ttir.prod_bw %g, %x {dim_arg = [1 : i32]} : tensor<2x1x40xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return %0 : tensor<2x3x40xbf16>
}

// -----

// Every dim: the sums reduce every dim (no dim_arg: all of them, 0 .. rank - 1).
// CHECK-LABEL: func.func @every_dim
func.func @every_dim(%g: tensor<1x1xf32>, %x: tensor<37x20xf32>) -> tensor<37x20xf32> {
  // CHECK-COUNT-6: "ttir.sum"(%{{.*}}) <{dim_arg = [0 : i32, 1 : i32], keep_dim = true}> : (tensor<37x20xf32>) -> tensor<1x1xf32>
  // CHECK-NOT: "ttir.sum"
  // CHECK-NOT: "ttir.typecast"
  %0 = ttir.prod_bw %g, %x : tensor<1x1xf32>, tensor<37x20xf32> -> tensor<37x20xf32>
  return %0 : tensor<37x20xf32>
}
