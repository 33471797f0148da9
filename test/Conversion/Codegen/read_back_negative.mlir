// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// What the read-back walk does not take (one set of sums over one set of dims, read by
// elementwise results only): the function is lowered as several programs, with a warning
// naming why.

// Sums over different dims read back by one result: the walk's units are one sum's output
// tiles; the other sum is a program of its own, its result an input of the read-back.
// CHECK-LABEL: func.func @different_dims(
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @different_dims(%x: tensor<64x96xf32>) -> tensor<64x96xf32> {
  // expected-warning @+1 {{function @different_dims is not one fused program (codegen: read-back sums over different dims): lowered as 2 programs}}
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  %1 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<64x1xf32>
  %2 = "ttir.subtract"(%x, %0) : (tensor<64x96xf32>, tensor<1x96xf32>) -> tensor<64x96xf32>
  %3 = "ttir.subtract"(%2, %1) : (tensor<64x96xf32>, tensor<64x1xf32>) -> tensor<64x96xf32>
  return %3 : tensor<64x96xf32>
}

// -----

// A reduction returned beside a read-back: its own program.
// CHECK-LABEL: func.func @sum_beside(
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @sum_beside(%x: tensor<64x96xf32>) -> (tensor<64x96xf32>, tensor<64x1xf32>) {
  // expected-warning @+1 {{function @sum_beside is not one fused program (codegen: a reduction returned beside read-back sums): lowered as 2 programs}}
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  %1 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<64x1xf32>
  %2 = "ttir.subtract"(%x, %0) : (tensor<64x96xf32>, tensor<1x96xf32>) -> tensor<64x96xf32>
  return %2, %1 : tensor<64x96xf32>, tensor<64x1xf32>
}

// -----

// A sum whose term reads another sum back (sum(x - sum(x))): the second sum would be a
// reduction in the second pass; the first sum is a program of its own.
// CHECK-LABEL: func.func @sum_of_a_read_back(
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @sum_of_a_read_back(%x: tensor<64x96xf32>) -> tensor<1x96xf32> {
  // expected-warning @+1 {{function @sum_of_a_read_back is not one fused program (codegen: a sum's term reads another reduction's result (each term needs the finished sum: a sum in a second pass)): lowered as 2 programs}}
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  %1 = "ttir.subtract"(%x, %0) : (tensor<64x96xf32>, tensor<1x96xf32>) -> tensor<64x96xf32>
  %2 = "ttir.sum"(%1) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  return %2 : tensor<1x96xf32>
}

// -----

// Layer norm's three gradients in one function: dx reads its two row sums back, dγ and dβ sum
// over the rows. Not one program; grouped by result: dx the read-back walk, dγ and dβ one
// program of sibling sums (2 programs, fewer than per reduction and generic).
// CHECK-LABEL: func.func @layer_norm_gradients(
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @layer_norm_gradients(%g: tensor<2x40x50xf32>, %x: tensor<2x40x50xf32>, %m: tensor<2x40x1xf32>, %r: tensor<2x40x1xf32>) -> (tensor<2x40x50xf32>, tensor<50xf32>, tensor<50xf32>) {
  %0 = "ttir.subtract"(%x, %m) : (tensor<2x40x50xf32>, tensor<2x40x1xf32>) -> tensor<2x40x50xf32>
  %xh = "ttir.multiply"(%0, %r) : (tensor<2x40x50xf32>, tensor<2x40x1xf32>) -> tensor<2x40x50xf32>
  // expected-warning @+1 {{function @layer_norm_gradients is not one fused program (codegen: a reduction returned beside read-back sums): lowered as 2 programs}}
  %s1 = "ttir.sum"(%g) {dim_arg = [2 : i32], keep_dim = true} : (tensor<2x40x50xf32>) -> tensor<2x40x1xf32>
  %p = "ttir.multiply"(%g, %xh) : (tensor<2x40x50xf32>, tensor<2x40x50xf32>) -> tensor<2x40x50xf32>
  %s2 = "ttir.sum"(%p) {dim_arg = [2 : i32], keep_dim = true} : (tensor<2x40x50xf32>) -> tensor<2x40x1xf32>
  %a = "ttir.subtract"(%g, %s1) : (tensor<2x40x50xf32>, tensor<2x40x1xf32>) -> tensor<2x40x50xf32>
  %b = "ttir.multiply"(%xh, %s2) : (tensor<2x40x50xf32>, tensor<2x40x1xf32>) -> tensor<2x40x50xf32>
  %c = "ttir.subtract"(%a, %b) : (tensor<2x40x50xf32>, tensor<2x40x50xf32>) -> tensor<2x40x50xf32>
  %dx = "ttir.multiply"(%r, %c) : (tensor<2x40x1xf32>, tensor<2x40x50xf32>) -> tensor<2x40x50xf32>
  %dg = "ttir.sum"(%p) {dim_arg = [0 : i32, 1 : i32], keep_dim = false} : (tensor<2x40x50xf32>) -> tensor<50xf32>
  %db = "ttir.sum"(%g) {dim_arg = [0 : i32, 1 : i32], keep_dim = false} : (tensor<2x40x50xf32>) -> tensor<50xf32>
  return %dx, %dg, %db : tensor<2x40x50xf32>, tensor<50xf32>, tensor<50xf32>
}
