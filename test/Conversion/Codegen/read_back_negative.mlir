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
