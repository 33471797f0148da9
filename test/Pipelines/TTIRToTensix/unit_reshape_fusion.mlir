// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s 2>&1 | FileCheck %s
// A reshape that only adds or drops unit dims between two elementwise ops (a keep_dim sum
// reshaped to rank 0, then cast) is folded into the reader's indexing map, so the two fuse
// (upstream does not fuse across such a reshape): one program, no warning.

// sum(g * b) to rank 0, then cast to a rank-0 ROW_MAJOR f32 (a mul_bw's gradient of a rank-0
// f32 operand): the reduction's epilogue is the cast of its bf16 rounding; the result is one
// row of one element.
// CHECK-NOT: warning:
// CHECK-LABEL: func.func @sum_to_rank0_cast(
// CHECK: ttbw.name = "result0", ttbw.shape = array<i64: 1, 1>} : () -> memref<1x1x1x1xf32, #ttcore.interleaved<4x4>, #dram>
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @sum_to_rank0_cast_program {
// CHECK: func.func @compute()
// CHECK: scf.for
// CHECK: ttkernel.reduce_tile(
// CHECK: ttkernel.pack_tile(%{{.*}}, %{{.*}}, %{{.*}}) : (i32, !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>, i32)
// CHECK: func.func @writer()
func.func @sum_to_rank0_cast(%g: tensor<40x45xbf16>, %b: tensor<40x45xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<f32, #ttir.layout<"f32", "row_major">> {
  %0 = "ttir.multiply"(%g, %b) : (tensor<40x45xbf16>, tensor<40x45xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<40x45xbf16>
  %1 = "ttir.sum"(%0) <{dim_arg = [0 : i32, 1 : i32], keep_dim = true}> : (tensor<40x45xbf16>) -> tensor<1x1xbf16>
  %2 = "ttir.reshape"(%1) <{shape = []}> : (tensor<1x1xbf16>) -> tensor<bf16>
  %3 = "ttir.typecast"(%2) : (tensor<bf16>) -> tensor<f32, #ttir.layout<"f32", "row_major">>
  return %3 : tensor<f32, #ttir.layout<"f32", "row_major">>
}

// -----

// A sum over an empty dim (its zero, empty.py) reshaped to rank 0 and cast to bfloat8_b: one
// program of no inputs, the zero filled, rounded to bf16 (a hop) and packed as bfloat8_b (its
// padding masked: the zero tiles' CB 23 and the mask's CB 15).
// CHECK-NOT: warning:
// CHECK-LABEL: func.func @zero_to_rank0(
// CHECK-NOT: ttmetal.enqueue_write_buffer
// CHECK: "ttmetal.enqueue_program"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) <{cb_ports = array<i64: 23, 20, 15, 16>
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @zero_to_rank0_program {
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.cb_wait_front(%{{.*}}) : (!ttkernel.cb<2, !ttcore.tile<32x32, bfp_bf8>>
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.pack_tile(%{{.*}}, %{{.*}}, %{{.*}}) : (i32, !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>, i32)
// CHECK: ttkernel.pack_tile(%{{.*}}, %{{.*}}, %{{.*}}) : (i32, !ttkernel.cb<2, !ttcore.tile<32x32, bfp_bf8>>, i32)
func.func @zero_to_rank0(%g: tensor<0xbf16, #ttir.layout<"bfp_bf8", "tile">>, %a: tensor<0xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<bf16, #ttir.layout<"bfp_bf8", "tile">> {
  %0 = "ttir.typecast"(%g) : (tensor<0xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<0xf32>
  %1 = "ttir.typecast"(%a) : (tensor<0xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<0xf32>
  %2 = "ttir.multiply"(%0, %1) : (tensor<0xf32>, tensor<0xf32>) -> tensor<0xf32>
  %3 = "ttir.sum"(%2) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<0xf32>) -> tensor<1xf32>
  %4 = "ttir.reshape"(%3) <{shape = []}> : (tensor<1xf32>) -> tensor<f32>
  %5 = "ttir.typecast"(%4) : (tensor<f32>) -> tensor<bf16, #ttir.layout<"bfp_bf8", "tile">>
  return %5 : tensor<bf16, #ttir.layout<"bfp_bf8", "tile">>
}
