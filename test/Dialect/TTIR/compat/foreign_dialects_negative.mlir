// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// A ttcore / ttnn attribute or type whose nested attribute, type or number does not parse fails
// with that diagnostic (it used to parse beside it: an abort in the Python bindings).

func.func @undefined_alias_in_a_layout(%a: tensor<32x32xf32, #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>,
    // expected-error @+1 {{undefined symbol alias id 'l1'}}
    memref<1x1x!ttcore.tile<32x32, f32>, #l1>, <block_sharded>>>) {
  return
}

// -----

// expected-error @+1 {{undefined symbol alias id 'missing'}}
func.func @undefined_alias_in_a_type(%a: !ttcore.tile<32x32, !missing>) {
  return
}
