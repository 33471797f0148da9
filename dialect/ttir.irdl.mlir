// The `ttir` dialect as ttbw uses it: tt-mlir's TTIR ops that the mul_bw
// decomposition emits (same names, operand orders and attribute spellings as
// tt-mlir), the backward op `ttir.mul_bw`, and two attributes that carry what
// ttnn keeps outside the tensor type (data type + layout, memory config).
//
// IRDL checks operand/result counts, tensor-ness and the presence and kind of
// required attributes. Everything else (attribute values, shapes,
// broadcasting, element types, masks, preallocated results) is checked by
// dialect/verifier.py: this MLIR's IRDL loader aborts on `irdl.any_of` over
// `irdl.is` attribute constraints, and a Python check gives better messages.
// Op descriptions are in dialect/TTIROps.md.
irdl.dialect @ttir {
  // Tensor encoding: #ttir.layout<"bfp_bf8", "tile">. The data type of the
  // device tensor (a bfp_bf8 tensor keeps a bf16 element type, as in tt-mlir)
  // and its ttnn layout. A tensor without it is bf16/f32 per element type, TILE.
  irdl.attribute @layout {
    %dtype = irdl.base "#builtin.string"
    %layout = irdl.base "#builtin.string"
    irdl.parameters(data_type: %dtype, layout: %layout)
  }

  // Memory config of results: #ttir.memory_config<"dram", "interleaved">.
  irdl.attribute @memory_config {
    %buffer = irdl.base "#builtin.string"
    %memory_layout = irdl.base "#builtin.string"
    irdl.parameters(buffer_type: %buffer, memory_layout: %memory_layout)
  }

  // "ttir.mul_bw"(%grad, %input, %other [, %input_grad] [, %other_grad])
  //   <{operandSegmentSizes = array<i32: 1, 1, 1, N, M>,
  //     resultSegmentSizes = array<i32: P, Q>,
  //     [are_required_outputs = array<i1: true, true>],
  //     [memory_config = #ttir.memory_config<...>]}>
  // %other is a tensor or an f32 scalar.
  irdl.operation @mul_bw {
    %grad = irdl.base "!builtin.tensor"
    %input = irdl.base "!builtin.tensor"
    %other = irdl.any
    %input_grad = irdl.base "!builtin.tensor"
    %other_grad = irdl.base "!builtin.tensor"
    %input_grad_result = irdl.base "!builtin.tensor"
    %other_grad_result = irdl.base "!builtin.tensor"
    irdl.operands(grad: %grad, input: %input, other: %other,
                  input_grad: optional %input_grad, other_grad: optional %other_grad)
    irdl.results(input_grad_result: optional %input_grad_result,
                 other_grad_result: optional %other_grad_result)
  }

  irdl.operation @multiply {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }
  irdl.operation @add {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }
  irdl.operation @subtract {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }
  irdl.operation @neg {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }
  // ttbw-internal: complex conjugate of a complex tensor. It exists only
  // between ttir-decompose-mul-bw and ttir-expand-complex (tt-mlir's TTIR has
  // no complex types); expand-complex turns it into ttir.neg of the imaginary part.
  irdl.operation @conj {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }
  irdl.operation @typecast {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }
  // "ttir.sum"(%x) <{dim_arg = [1 : i32], keep_dim = true}>; dim_arg absent
  // means every dim.
  irdl.operation @sum {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %bool = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes { "keep_dim" = %bool }
  }
  // "ttir.reshape"(%x) <{shape = [32 : i32]}>
  irdl.operation @reshape {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %array = irdl.base "#builtin.array"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes { "shape" = %array }
  }
  // "ttir.full"() <{fill_value = 2.0 : f32, shape = array<i32: 1, 32>}>
  irdl.operation @full {
    %result = irdl.base "!builtin.tensor"
    %shape = irdl.base "#builtin.dense_array"
    %value = irdl.base "#builtin.float"
    irdl.operands()
    irdl.results(result: %result)
    irdl.attributes { "fill_value" = %value, "shape" = %shape }
  }
}
