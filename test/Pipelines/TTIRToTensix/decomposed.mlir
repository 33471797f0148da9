// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// Decomposed TTIR (what ttir-backward-decomposition-pipeline leaves, or any function of TTIR
// ops): converted to device linalg, fused (producer -> consumer, siblings over one iteration
// space) and lowered by the generic codegen to one program: no DRAM intermediate, the
// reduction inside the compute kernel. Buffers are the function's arguments (arg<i>) and
// results (result<k>); `op` is null (nothing here knows which op the TTIR came from).

// CHECK: func.func @reader()
// CHECK-NOT: noc_async_write_tile
// CHECK: func.func @compute()
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: "ttir.
func.func @row_broadcast(%arg0: tensor<1x3x64x96xbf16>, %arg1: tensor<1x3x64x96xbf16>, %arg2: tensor<1x1x1x96xbf16>) -> (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) {
  %0 = "ttir.multiply"(%arg0, %arg2) : (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) -> tensor<1x3x64x96xbf16>
  %1 = "ttir.multiply"(%arg0, %arg1) : (tensor<1x3x64x96xbf16>, tensor<1x3x64x96xbf16>) -> tensor<1x3x64x96xbf16>
  %2 = "ttir.sum"(%1) {dim_arg = [1 : i32, 2 : i32], keep_dim = true} : (tensor<1x3x64x96xbf16>) -> tensor<1x1x1x96xbf16>
  return %0, %2 : tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>
}

// -----

// The operands of each multiply swapped: the same single program.
// CHECK: func.func @compute()
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
func.func @commuted(%arg0: tensor<1x3x64x96xbf16>, %arg1: tensor<1x3x64x96xbf16>, %arg2: tensor<1x1x1x96xbf16>) -> (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) {
  %0 = "ttir.multiply"(%arg2, %arg0) : (tensor<1x1x1x96xbf16>, tensor<1x3x64x96xbf16>) -> tensor<1x3x64x96xbf16>
  %1 = "ttir.multiply"(%arg1, %arg0) : (tensor<1x3x64x96xbf16>, tensor<1x3x64x96xbf16>) -> tensor<1x3x64x96xbf16>
  %2 = "ttir.sum"(%1) {dim_arg = [1 : i32, 2 : i32], keep_dim = true} : (tensor<1x3x64x96xbf16>) -> tensor<1x1x1x96xbf16>
  return %0, %2 : tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>
}

// -----

// Where the results live comes from the ttir.memory_config result attribute the
// decomposition keeps.
// CHECK-LABEL: func.func @other_grad_in_l1(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @other_grad_in_l1_program {
// CHECK: func.func @reader()
func.func @other_grad_in_l1(%arg0: tensor<1x3x64x96xbf16>, %arg1: tensor<1x3x64x96xbf16>, %arg2: tensor<1x1x1x96xbf16>) -> (tensor<1x1x1x96xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}) {
  %0 = "ttir.multiply"(%arg0, %arg1) : (tensor<1x3x64x96xbf16>, tensor<1x3x64x96xbf16>) -> tensor<1x3x64x96xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [1 : i32, 2 : i32], keep_dim = true} : (tensor<1x3x64x96xbf16>) -> tensor<1x1x1x96xbf16>
  return %1 : tensor<1x1x1x96xbf16>
}

// -----

// Complex values expanded to (real, imag) pairs: four results of one program.
// CHECK: func.func @writer()
// CHECK-COUNT-4: ttkernel.noc_async_write_tile(
func.func @complex(%arg0: tensor<32x32xf32>, %arg1: tensor<32x32xf32>, %arg2: tensor<32x32xf32>, %arg3: tensor<32x32xf32>, %arg4: tensor<32x32xf32>, %arg5: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) {
  %0 = "ttir.multiply"(%arg0, %arg4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %1 = "ttir.multiply"(%arg1, %arg5) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %2 = "ttir.add"(%0, %1) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %3 = "ttir.multiply"(%arg1, %arg4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %4 = "ttir.multiply"(%arg0, %arg5) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %5 = "ttir.subtract"(%3, %4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %6 = "ttir.multiply"(%arg0, %arg2) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %7 = "ttir.multiply"(%arg1, %arg3) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %8 = "ttir.add"(%6, %7) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %9 = "ttir.multiply"(%arg1, %arg2) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %10 = "ttir.multiply"(%arg0, %arg3) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %11 = "ttir.subtract"(%9, %10) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %2, %5, %8, %11 : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>
}

// -----

// A constant scalar (ttir.full, folded into the fused region): grad * s in f32, rounded to
// bf16 once; s travels in the compute args.
// CHECK-LABEL: func.func @scalar(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @scalar_program {
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_binary_tile(
func.func @scalar(%arg0: tensor<2x2xbf16>, %arg1: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %0 = "ttir.full"() {fill_value = 4.000000e+00 : f32, shape = array<i32>} : () -> tensor<f32>
  %1 = "ttir.typecast"(%arg0) : (tensor<2x2xbf16>) -> tensor<2x2xf32>
  %2 = "ttir.multiply"(%1, %0) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  %3 = "ttir.typecast"(%2) : (tensor<2x2xf32>) -> tensor<2x2xbf16>
  return %3 : tensor<2x2xbf16>
}

// -----

// No backward op's decomposition (the arguments in another order): fused all the same.
// CHECK: ttkernel.mul_tiles(
func.func @not_a_mul_bw(%b: tensor<32x32xbf16>, %g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = "ttir.multiply"(%g, %b) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// A preallocated result (materialized into argument 2): the program writes that buffer.
// CHECK-LABEL: func.func @scalar_preallocated(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @scalar_preallocated_program {
func.func @scalar_preallocated(%arg0: tensor<2x2xbf16>, %arg1: tensor<2x2xbf16>, %arg2: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %0 = "ttir.full"() {fill_value = 4.000000e+00 : f32, shape = array<i32>} : () -> tensor<f32>
  %1 = "ttir.typecast"(%arg0) : (tensor<2x2xbf16>) -> tensor<2x2xf32>
  %2 = "ttir.multiply"(%1, %0) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  %3 = "ttir.typecast"(%2) : (tensor<2x2xf32>) -> tensor<2x2xbf16>
  %4 = bufferization.materialize_in_destination %3 in %arg2 : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> tensor<2x2xbf16>
  return %4 : tensor<2x2xbf16>
}
