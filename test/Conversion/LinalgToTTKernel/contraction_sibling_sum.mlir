// RUN: ttbw-opt --split-input-file --convert-linalg-to-ttkernel="grid=2x1" %s | FileCheck %s
// A contraction program with a sibling sum of its transposed A operand (fused device linalg as
// ttbw-fuse-programs leaves it): the units of column block 0 add each A panel tile into a Kahan
// accumulator (reduce_tile over its rows, then y = t - c, s' = s + y, c' = (s' - s) - y) before
// the K loop, round the sum once into the second result and write it; A is read once per block.

// CHECK-LABEL: func.func @weight_and_bias(
// CHECK: %[[G:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg0"
// CHECK: %[[X:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg1"
// CHECK: %[[W:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "result0", ttbw.shape = array<i64: 90, 70>
// CHECK: %[[B:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "result1", ttbw.shape = array<i64: 1, 90>
// CHECK: "ttmetal.enqueue_program"(%[[G]], %[[X]], %[[W]], %[[B]],
// CHECK-SAME: cb_ports = array<i64: 0, 1, 3, 16, 23, 17, 18, 24>
// CHECK-SAME: runtime_arg_layout = ["num_units", "inner", "first_unit", "nb"]
// CHECK-SAME: "out_k", "addr_sum", "sum_batch0_div"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: "ttmetal.enqueue_read_buffer"(%[[W]],
// CHECK: "ttmetal.enqueue_read_buffer"(%[[B]],
// CHECK-LABEL: func.func @compute()
// CHECK: %[[A:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK: %[[S:.*]] = ttkernel.get_compile_time_arg_val(6) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, bf16>>
// CHECK: %[[ACC:.*]] = ttkernel.get_compile_time_arg_val(7) : () -> !ttkernel.cb<2, !ttcore.tile<32x32, f32>>
// CHECK: %[[OUT:.*]] = ttkernel.get_compile_time_arg_val(8) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, bf16>>
// CHECK: scf.for
// CHECK: %[[MINE:.*]] = arith.cmpi eq
// CHECK: scf.if %[[MINE]] {
// CHECK: ttkernel.pack_tile(%c0_i32, %[[ACC]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[ACC]], %c1_i32, false)
// CHECK: scf.for
// CHECK: ttkernel.transpose_wh_tile(%[[A]],
// CHECK-NOT: ttkernel.cb_pop_front(%[[A]]
// CHECK: ttkernel.cb_push_back
// CHECK: scf.if %[[MINE]] {
// CHECK: ttkernel.reduce_tile(%[[A]], %[[S]], %c0_i32, %c0_i32, %c2_i32, <reduce_sum>, <reduce_dim_col>)
// CHECK: ttkernel.cb_pop_front(%[[A]], %c1_i32)
// CHECK: ttkernel.sub_binary_tile(%c2_i32, %c1_i32, %c2_i32)
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c2_i32, %c3_i32)
// CHECK: ttkernel.sub_binary_tile(%c3_i32, %c0_i32, %c1_i32)
// CHECK: ttkernel.sub_binary_tile(%c1_i32, %c2_i32, %c1_i32)
// CHECK: ttkernel.pack_tile(%c3_i32, %[[ACC]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c1_i32, %[[ACC]], %c1_i32, false)
// CHECK: scf.if
// CHECK-NEXT: ttkernel.cb_pop_front(%[[A]], %c1_i32)
// CHECK: scf.if %[[MINE]] {
// CHECK: ttkernel.copy_tile(%[[ACC]], %c0_i32, %c0_i32)
// CHECK: ttkernel.cb_pop_front(%[[ACC]], %c2_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OUT]], %c0_i32, false)
// CHECK: ttkernel.mm_init_short(
// CHECK: ttkernel.matmul_tiles(
// CHECK-LABEL: func.func @writer()
// CHECK: %[[SUM:.*]] = ttkernel.get_compile_time_arg_val(2) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, bf16>>
// CHECK: scf.for
// CHECK: scf.if
// CHECK: ttkernel.cb_wait_front(%[[SUM]], %c1_i32)
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: ttkernel.cb_pop_front(%[[SUM]], %c1_i32)
// CHECK: ttkernel.noc_async_write_tile(
#map = affine_map<(d0, d1, d2) -> (d2, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (0, d1)>
func.func private @weight_and_bias_program(%arg0: tensor<50x90xbf16>, %arg1: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xbf16>) attributes {ttbw.program} {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<90x70xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<90x70xf32>) -> tensor<90x70xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<50x90xbf16>, tensor<50x70xbf16>) outs(%1 : tensor<90x70xf32>) attrs =  {ttbw.op = "matmul"} {
  ^bb0(%in: bf16, %in_0: bf16, %out: f32):
    %10 = arith.extf %in : bf16 to f32
    %11 = arith.extf %in_0 : bf16 to f32
    %12 = arith.mulf %10, %11 : f32
    %13 = arith.addf %out, %12 : f32
    linalg.yield %13 : f32
  } -> tensor<90x70xf32>
  %3 = tensor.empty() : tensor<90x70xbf16>
  %4 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<90x70xf32>) outs(%3 : tensor<90x70xbf16>) attrs =  {ttbw.op = "typecast"} {
  ^bb0(%in: f32, %out: bf16):
    %10 = arith.truncf %in : f32 to bf16
    linalg.yield %10 : bf16
  } -> tensor<90x70xbf16>
  %5 = tensor.empty() : tensor<1x90xf32>
  %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<1x90xf32>) -> tensor<1x90xf32>
  %7 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<50x90xbf16>) outs(%6 : tensor<1x90xf32>) attrs =  {ttbw.op = "sum"} {
  ^bb0(%in: bf16, %out: f32):
    %10 = arith.extf %in : bf16 to f32
    %11 = arith.addf %out, %10 : f32
    linalg.yield %11 : f32
  } -> tensor<1x90xf32>
  %8 = tensor.empty() : tensor<1x90xbf16>
  %9 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<1x90xf32>) outs(%8 : tensor<1x90xbf16>) attrs =  {ttbw.op = "sum"} {
  ^bb0(%in: f32, %out: bf16):
    %10 = arith.truncf %in : f32 to bf16
    linalg.yield %10 : bf16
  } -> tensor<1x90xbf16>
  return %4, %9 : tensor<90x70xbf16>, tensor<1x90xbf16>
}
func.func @weight_and_bias(%arg0: tensor<50x90xbf16>, %arg1: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xbf16>) {
  %0:2 = call @weight_and_bias_program(%arg0, %arg1) : (tensor<50x90xbf16>, tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xbf16>)
  return %0#0, %0#1 : tensor<90x70xbf16>, tensor<1x90xbf16>
}

// -----

// An f32 sum over a summed batch dim and K (both folded into the contraction's K loop), seen
// through a reshape: the result CB is f32 (no rounding).
// CHECK-LABEL: func.func @batched(
// CHECK: ttbw.name = "result1", ttbw.shape = array<i64: 1, 90>
// CHECK-LABEL: func.func @compute()
// CHECK: ttkernel.get_compile_time_arg_val(8) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, f32>>
// CHECK: ttkernel.reduce_tile(
// CHECK-LABEL: func.func @writer()
// CHECK: ttkernel.get_compile_time_arg_val(2) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, f32>>
#map = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (0, 0, d2)>
func.func private @batched_program(%arg0: tensor<3x20x90xbf16>, %arg1: tensor<3x20x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xf32>) attributes {ttbw.program} {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x90x70xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x90x70xf32>) -> tensor<1x90x70xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<3x20x90xbf16>, tensor<3x20x70xbf16>) outs(%1 : tensor<1x90x70xf32>) attrs =  {ttbw.op = "matmul"} {
  ^bb0(%in: bf16, %in_1: bf16, %out: f32):
    %8 = arith.extf %in : bf16 to f32
    %9 = arith.extf %in_1 : bf16 to f32
    %10 = arith.mulf %8, %9 : f32
    %11 = arith.addf %out, %10 : f32
    linalg.yield %11 : f32
  } -> tensor<1x90x70xf32>
  %3 = tensor.empty() : tensor<1x90x70xbf16>
  %4 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<1x90x70xf32>) outs(%3 : tensor<1x90x70xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %8 = arith.truncf %in : f32 to bf16
    linalg.yield %8 : bf16
  } -> tensor<1x90x70xbf16>
  %collapsed = tensor.collapse_shape %4 [[0, 1], [2]] : tensor<1x90x70xbf16> into tensor<90x70xbf16>
  %5 = tensor.empty() : tensor<1x1x90xf32>
  %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<1x1x90xf32>) -> tensor<1x1x90xf32>
  %7 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["reduction", "reduction", "parallel"]} ins(%arg0 : tensor<3x20x90xbf16>) outs(%6 : tensor<1x1x90xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %8 = arith.extf %in : bf16 to f32
    %9 = arith.addf %out, %8 : f32
    linalg.yield %9 : f32
  } -> tensor<1x1x90xf32>
  %collapsed_0 = tensor.collapse_shape %7 [[0], [1, 2]] : tensor<1x1x90xf32> into tensor<1x90xf32>
  return %collapsed, %collapsed_0 : tensor<90x70xbf16>, tensor<1x90xf32>
}
func.func @batched(%arg0: tensor<3x20x90xbf16>, %arg1: tensor<3x20x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xf32>) {
  %0:2 = call @batched_program(%arg0, %arg1) : (tensor<3x20x90xbf16>, tensor<3x20x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xf32>)
  return %0#0, %0#1 : tensor<90x70xbf16>, tensor<1x90xf32>
}
