// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline="grid=2x2" %s
// L1 results that fit the 8x8 grid's L1 but not the lowering's 2x2 grid: refused for the
// function's L1 buffers, on the grid the lowering was given.

// Two 8 MiB results: 4 MiB of each of 4 cores (256 KiB of each of 64).
func.func @l1_on_small_grid(%g: tensor<2048x2048xbf16>, %a: tensor<2048x2048xbf16>, %b: tensor<2048x2048xbf16>) -> (tensor<2048x2048xbf16>, tensor<2048x2048xbf16>) {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: the function's L1 buffers: 4194304 bytes (4.0 MiB) of each core's L1 on 4 cores, more than a core's L1 holds: 1499136 bytes (1.4 MiB)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2048x2048xbf16>, tensor<2048x2048xbf16>, tensor<2048x2048xbf16>) -> (tensor<2048x2048xbf16>, tensor<2048x2048xbf16>)
  return %0#0, %0#1 : tensor<2048x2048xbf16>, tensor<2048x2048xbf16>
}
