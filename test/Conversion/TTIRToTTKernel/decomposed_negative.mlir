// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s
// Decomposed TTIR that is no mul_bw's decomposition is lowered op by op; what no program
// exists for is refused at the op.

// (reported at the function's first TTIR op)
func.func @reshape_moving_data(%a: tensor<32x64xbf16>, %b: tensor<32x64xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttir.add' op: unsupported: composite mode: reshape (32, 64) -> (64, 32) moves data}}
  %0 = "ttir.add"(%a, %b) : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  %1 = "ttir.reshape"(%0) {shape = [64 : i32, 32 : i32]} : (tensor<32x64xbf16>) -> tensor<64x32xbf16>
  return %1 : tensor<64x32xbf16>
}

// -----

func.func @lone_full() -> tensor<f32> {
  // expected-error @+1 {{'ttir.full' op: unsupported: composite mode: every returned value must be computed by a program}}
  %0 = "ttir.full"() {fill_value = 4.000000e+00 : f32, shape = array<i32>} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// expected-error @+1 {{'func.func' op: result 0: ttir.memory_config: unknown memory_config "l1"}}
func.func @malformed_memory_config(%arg0: tensor<32x32xbf16>, %arg1: tensor<32x32xbf16>, %arg2: tensor<32x32xbf16>) -> (tensor<32x32xbf16> {ttir.memory_config = "l1"}) {
  %0 = "ttir.multiply"(%arg0, %arg2) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// One program writes every result: they live in one memory.
// expected-error @+1 {{'func.func' op: the results' ttir.memory_config attributes disagree (dram, l1)}}
func.func @memories_disagree(%arg0: tensor<32x32xbf16>, %arg1: tensor<32x32xbf16>, %arg2: tensor<32x32xbf16>) -> (tensor<32x32xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}, tensor<32x32xbf16>) {
  %0 = "ttir.multiply"(%arg0, %arg2) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  %1 = "ttir.multiply"(%arg0, %arg1) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
