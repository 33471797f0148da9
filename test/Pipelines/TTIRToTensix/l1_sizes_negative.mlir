// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline %s
// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline="fuse=false" %s
// Results in L1 (memory_config L1) are interleaved over the grid's cores: what no core's L1
// holds (1464 KiB) is refused at the op, on the largest grid (8x8) before the lowering knows
// its grid (on the lowering's grid: l1_sizes_grid_negative.mlir).

// Two 64 MiB results: 2 MiB of each of 64 cores.
func.func @results_past_l1(%g: tensor<4096x8192xbf16>, %a: tensor<4096x8192xbf16>, %b: tensor<4096x8192xbf16>) -> (tensor<4096x8192xbf16>, tensor<4096x8192xbf16>) {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: the 2 results in L1 (the largest: result 0, tensor<4096x8192xbf16>): 2097152 bytes (2.0 MiB) of each core's L1 on 64 cores, more than a core's L1 holds: 1499136 bytes (1.4 MiB)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4096x8192xbf16>, tensor<4096x8192xbf16>, tensor<4096x8192xbf16>) -> (tensor<4096x8192xbf16>, tensor<4096x8192xbf16>)
  return %0#0, %0#1 : tensor<4096x8192xbf16>, tensor<4096x8192xbf16>
}

// -----

// One f32 result of 96 MiB (the other gradient in DRAM: not required).
func.func @one_result_past_l1(%g: tensor<3072x8192xf32>, %a: tensor<3072x8192xf32>, %b: tensor<1x8192xf32>) -> tensor<3072x8192xf32> {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: result 0 (tensor<3072x8192xf32>) in L1: 1572864 bytes (1.5 MiB) of each core's L1 on 64 cores, more than a core's L1 holds: 1499136 bytes (1.4 MiB)}}
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<3072x8192xf32>, tensor<3072x8192xf32>, tensor<1x8192xf32>) -> tensor<3072x8192xf32>
  return %0 : tensor<3072x8192xf32>
}
