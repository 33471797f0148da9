// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// memory_config values (tt-mlir spellings: dram | l1, interleaved).

func.func @unknown_buffer_type(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{unknown memory_config buffer type "system_memory"; expected dram or l1}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {memory_config = #ttir.memory_config<"system_memory", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @sharded_memory_layout(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{unsupported memory_config memory layout "height_sharded"; expected interleaved}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {memory_config = #ttir.memory_config<"l1", "height_sharded">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @memory_config_not_an_attribute_of_ours(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{unknown memory_config "dram"; expected #ttir.memory_config<"dram"|"l1", "interleaved">}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {memory_config = "dram", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
