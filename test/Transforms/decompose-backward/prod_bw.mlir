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

// -----

// ttnn's older form: an input-shaped grad holds g at index 0 of the reduced dims; that window is
// sliced off (in grad's own type, before the cast) and used as the keep-dim grad.
// CHECK-LABEL: func.func @input_shaped_grad
// CHECK: %[[G:.*]] = "ttir.slice_static"(%arg0) <{begins = [0 : i32, 0 : i32, 0 : i32], ends = [2 : i32, 1 : i32, 40 : i32], step = [1 : i32, 1 : i32, 1 : i32]}> : (tensor<2x3x40xbf16>) -> tensor<2x1x40xbf16>
// CHECK-NEXT: "ttir.typecast"(%[[G]]) : (tensor<2x1x40xbf16>) -> tensor<2x1x40xf32>
// CHECK-NOT: "ttir.slice_static"
// CHECK: return %{{.*}} : tensor<2x3x40xbf16>
func.func @input_shaped_grad(%g: tensor<2x3x40xbf16>, %x: tensor<2x3x40xbf16>) -> tensor<2x3x40xbf16> {
  %0 = ttir.prod_bw %g, %x {dim_arg = [1 : i32]} : tensor<2x3x40xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return %0 : tensor<2x3x40xbf16>
}
