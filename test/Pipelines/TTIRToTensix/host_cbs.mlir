// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel="grid=1x1" %s | FileCheck %s
// The host side of each case, as TTMetal IR: the CBs a program creates (format, page count
// and page size in the cb_layout, on their cb_ports), buffers' memory spaces, and how many
// runtime args each kernel takes on its core (host.arg_names: the reader 28 per input + 5,
// the compute 5, the writer 27 per output + 3).

// bf16 x bf16 on the FPU: two input CBs and the output CB, 2 bf16 pages of 2048 bytes each;
// no fp32 DST.
// CHECK-LABEL: func.func @bf16_product(
// CHECK-COUNT-3: "ttmetal.create_buffer"() <{address = {{[0-9]+}} : i64}> {ttbw.name = {{.*}} -> memref<1x1x1x2x!ttcore.tile<32x32, bf16>, #ttcore.interleaved<4096x2048>, #dram>
// CHECK-COUNT-3: "ttmetal.create_buffer"() <{address = {{0|4096|8192}} : i64}> : () -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: cb_ports = array<i64: 0, 1, 16>
// CHECK-SAME: #ttmetal.compute_config<@bf16_product_program::@compute, #ttmetal.core_range<0x0, 1x1>, #ttmetal.kernel_args< >, hifi4, false,
// CHECK-SAME: runtime_args = [array<i64:{{( -?[0-9]+,){60} -?[0-9]+}}>]
// CHECK-SAME: runtime_args = [array<i64:{{( -?[0-9]+,){4} -?[0-9]+}}>]
// CHECK-SAME: runtime_args = [array<i64:{{( -?[0-9]+,){29} -?[0-9]+}}>]
func.func @bf16_product(%x: tensor<32x64xbf16>, %y: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  %0 = "ttir.multiply"(%x, %y) : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

// An f32 sum inside the tile: f32 input CB (2 pages of 4096 bytes), the zero and 1.0 tiles
// (23, 2 bf16 pages) the reader makes each step's padding mask of (15, 2 bf16 pages), the bf16
// 1.0 scaler (17, 1 page), the f32 partial (18, 2 pages: its sum and compensation), the masked f32 term (19), its
// TF32-exact parts (21, 4 f32 pages) and their residual (22); fp32 DST. The reader takes the
// whole space's triplets, rows and cols too (24 + 5 + 20).
// CHECK-LABEL: func.func @f32_in_tile_sum(
// CHECK: ttbw.name = "arg0", {{.*}} -> memref<1x1x2x2x!ttcore.tile<32x32, f32>, #ttcore.interleaved<8192x4096>, #dram>
// CHECK: ttbw.name = "result0", {{.*}} -> memref<1x1x2x1x!ttcore.tile<32x32, f32>, #ttcore.interleaved<4096x4096>, #dram>
// CHECK: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<8192x4096, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x1x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<2048x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<8192x4096, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x1x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<4096x4096, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x4x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<16384x4096, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x1x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<4096x4096, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<8192x4096, 1>, #l1>
// CHECK-NEXT: "ttmetal.enqueue_program"
// CHECK-SAME: cb_ports = array<i64: 0, 23, 17, 18, 19, 21, 22, 15, 16>
// CHECK-SAME: hifi4, true,
// CHECK-SAME: "space_rows", "space_cols"], runtime_args = [array<i64:{{( -?[0-9]+,){52} -?[0-9]+}}>]
func.func @f32_in_tile_sum(%x: tensor<64x40xf32>) -> tensor<64x1xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<64x40xf32>) -> tensor<64x1xf32>
  return %0 : tensor<64x1xf32>
}

// -----

// bfloat8_b: 1088-byte pages (bfp_bf8 buffers and CBs); each (masked) term a bf16 tile (19:
// exact, bfloat8_b elements are bf16 values); the f32 partial is rounded to bf16 (CB 20, 2 bf16
// pages) before its block quantization into the result.
// CHECK-LABEL: func.func @bfp8_sum(
// CHECK: ttbw.name = "arg0", {{.*}} -> memref<1x1x2x2x!ttcore.tile<32x32, bfp_bf8>, #ttcore.interleaved<2176x1088>, #dram>
// CHECK: ttbw.name = "result0", {{.*}} -> memref<1x1x1x2x!ttcore.tile<32x32, bfp_bf8>, #ttcore.interleaved<2176x1088>, #dram>
// CHECK: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, bfp_bf8>, #ttcore.cb_layout<2176x1088, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x1x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<2048x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<8192x4096, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x1x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<2048x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, bfp_bf8>, #ttcore.cb_layout<2176x1088, 1>, #l1>
// CHECK-NEXT: "ttmetal.enqueue_program"
// CHECK-SAME: cb_ports = array<i64: 0, 23, 17, 18, 19, 20, 15, 16>
func.func @bfp8_sum(%x: tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<1x64xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<1x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<1x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// A broadcast operand the units would re-read (y lacks W, the units' axis): held in L1 over
// the unit, all its inner tiles at once, so its CB (port 1) has one page per inner step (4
// tiles of H).
// CHECK-LABEL: func.func @held_broadcast(
// CHECK: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x4x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<8192x2048, 1>, #l1>
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: cb_ports = array<i64: 0, 1,
// CHECK-SAME: "in1_middle0_div"
func.func @held_broadcast(%x: tensor<128x256xbf16>, %y: tensor<128x1xbf16>) -> tensor<1x256xbf16> {
  %0 = "ttir.multiply"(%x, %y) : (tensor<128x256xbf16>, tensor<128x1xbf16>) -> tensor<128x256xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<128x256xbf16>) -> tensor<1x256xbf16>
  return %1 : tensor<1x256xbf16>
}

// -----

// A result in L1 (its ttir.memory_config): an L1 buffer (the writer's TensorAccessorArgs word
// 0, DRAM 2); a ROW_MAJOR operand: one page per row (64 bytes), and the zero tile the reader
// clears its pages with (23, 1 bf16 page).
// CHECK-LABEL: func.func @l1_result(
// CHECK: ttbw.name = "arg1", {{.*}} -> memref<1x1x32x32xbf16, #ttcore.interleaved<64x2>, #dram>
// CHECK: %[[OUT:.*]] = "ttmetal.create_buffer"() <{address = 1497088 : i64}> {ttbw.name = "result0", ttbw.shape = array<i64: 32, 32>} : () -> memref<1x1x32x32xbf16, #ttcore.interleaved<64x2>, #l1>
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: cb_ports = array<i64: 0, 1, 23, 16>
// CHECK-SAME: compile_args = array<i64: 0, 1, 23, 2, 2>
// CHECK-SAME: compile_args = array<i64: 16, 0>
// CHECK: "ttmetal.enqueue_read_buffer"(%[[OUT]], %{{.*}}) : (memref<1x1x32x32xbf16, #ttcore.interleaved<64x2>, #l1>, memref<32x32xbf16>)
func.func @l1_result(%x: tensor<32x32xbf16>, %y: tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}) {
  %0 = "ttir.add"(%x, %y) : (tensor<32x32xbf16>, tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>
  return %0 : tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>
}
