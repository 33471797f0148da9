// ttnn's binary_backward family beyond the first ops (PyTorch's derivatives.yaml), each an
// instance of TTIR_BinaryBackwardOp (TTIRBackwardOps.td): the class verifier checks operands,
// shapes, broadcasting, masks and preallocated results. Their rules: passes/derivatives_binary.py.
// Then the ternary addcdiv_bw and lerp_bw (rules: passes/derivatives.py).
#ifndef TTBW_DIALECT_TTIRBINARYFAMILYOPS_TD
#define TTBW_DIALECT_TTIRBINARYFAMILYOPS_TD

include "TTIRBackwardOps.td"

// other - input: input_grad = -grad, other_grad = grad.
def TTIR_RsubBwOp : TTIR_BinaryBackwardOp<"rsub_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of other - input (ttnn.rsub_bw)";
}
// (input - other)^2: input_grad = 2 grad (input - other), other_grad = -input_grad.
def TTIR_SquaredDifferenceBwOp : TTIR_BinaryBackwardOp<"squared_difference_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of (input - other)^2 (ttnn.squared_difference_bw)";
}
// minimum: grad to the smaller operand, grad / 2 to each at a tie.
def TTIR_MinBwOp : TTIR_BinaryBackwardOp<"min_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of elementwise minimum (ttnn.min_bw)";
}
// maximum: grad to the larger operand, grad / 2 to each at a tie.
def TTIR_MaxBwOp : TTIR_BinaryBackwardOp<"max_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of elementwise maximum (ttnn.max_bw)";
}
// atan2(input, other): input_grad = grad other / r^2, other_grad = -grad input / r^2.
def TTIR_Atan2BwOp : TTIR_BinaryBackwardOp<"atan2_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of atan2 (ttnn.atan2_bw)";
}
// hypot(input, other) = r: input_grad = grad input / r, other_grad = grad other / r.
def TTIR_HypotBwOp : TTIR_BinaryBackwardOp<"hypot_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of hypot (ttnn.hypot_bw)";
}
// input log(other): input_grad = xlogy(grad, other) (0 where input = 0 and other <= 0),
// other_grad = grad input / other.
def TTIR_XlogyBwOp : TTIR_BinaryBackwardOp<"xlogy_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of xlogy (ttnn.xlogy_bw)";
}
// log(e^input + e^other): input_grad = grad sigmoid(input - other), other_grad = grad sigmoid(other - input).
def TTIR_LogaddexpBwOp : TTIR_BinaryBackwardOp<"logaddexp_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of logaddexp (ttnn.logaddexp_bw)";
}
// log2(2^input + 2^other): input_grad = grad sigmoid((input - other) ln 2), other_grad likewise.
def TTIR_Logaddexp2BwOp : TTIR_BinaryBackwardOp<"logaddexp2_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of logaddexp2 (ttnn.logaddexp2_bw)";
}
// input 2^other: input_grad = grad 2^other, other_grad = grad input 2^other ln 2.
def TTIR_LdexpBwOp : TTIR_BinaryBackwardOp<"ldexp_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of ldexp (ttnn.ldexp_bw)";
}
// input - floor(input / other) other: input_grad = grad, other_grad = -grad floor(input / other);
// other may be an f32 scalar (then input_grad only).
def TTIR_RemainderBwOp : TTIR_BinaryBackwardOp<"remainder_bw"> {
  let summary = "Gradient of remainder (ttnn.remainder_bw)";
}
// input - trunc(input / other) other: input_grad = grad, other_grad = -grad trunc(input / other);
// other may be an f32 scalar.
def TTIR_FmodBwOp : TTIR_BinaryBackwardOp<"fmod_bw"> {
  let summary = "Gradient of fmod (ttnn.fmod_bw)";
}
// input_grad = grad, other_grad = grad (ttnn's assign_bw; its one-tensor form is this op
// with other = input and other_grad not requested).
def TTIR_AssignBwOp : TTIR_BinaryBackwardOp<"assign_bw", (ins), "::mlir::success()", "None", 0> {
  let summary = "Gradient of assign (ttnn.assign_bw)";
}
// concat([input, other], dim): input_grad = grad[..., :n, ...], other_grad = grad[..., n:, ...]
// along `dim` (n: input's size there; ttnn's concat_bw, dim 0 by default; si32 as ttir.concat's).
def TTIR_ConcatBwOp : TTIR_BinaryBackwardOp<"concat_bw", (ins DefaultValuedAttr<SI32Attr, "0">:$dim),
    "::mlir::success()", "None", 0> {
  let summary = "Gradient of concat (ttnn.concat_bw)";
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ttbw::ttir::verify::verifyBinaryBackward(*this, ::ttbw::ttir::verify::ComplexForm::None, false,
                                                         getDim());
    }
  }];
}
// gelu(input + other): input_grad = other_grad = gelu_bw(grad, input + other) ("none", the
// default, or "tanh"); other may be an f32 scalar bias.
def TTIR_BiasGeluBwOp : TTIR_BinaryBackwardOp<"bias_gelu_bw", (ins OptionalAttr<StrAttr>:$approximate),
    "::ttbw::ttir::verify::checkOneOf(*this, \"approximate\", getApproximateAttr(), {\"none\", \"tanh\"})"> {
  let summary = "Gradient of gelu(input + bias) (ttnn.bias_gelu_bw)";
}

//===----------------------------------------------------------------------===//
// Ternary
//===----------------------------------------------------------------------===//

// input + value * tensor1 / tensor2: input_grad = grad, tensor1_grad = grad * value / tensor2,
// tensor2_grad = -grad * value * tensor1 / tensor2^2.
//   %g:3 = ttir.addcdiv_bw %grad, %a, %t1, %t2 {value = 0.5 : f32} : T, A, T1, T2 -> A, T1, T2
def TTIR_AddcdivBwOp : TTIR_Op<"addcdiv_bw"> {
  let summary = "Gradient of input + value * tensor1 / tensor2 (ttnn.addcdiv_bw)";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$input, AnyRankedTensor:$tensor1,
                       AnyRankedTensor:$tensor2,
                       DefaultValuedAttr<F32Attr, "1.0f">:$value,
                       OptionalAttr<AnyAttr>:$memory_config);
  let results = (outs AnyRankedTensor:$input_grad, AnyRankedTensor:$tensor1_grad,
                      AnyRankedTensor:$tensor2_grad);
  let assemblyFormat = [{
    $grad `,` $input `,` $tensor1 `,` $tensor2 attr-dict `:` type($grad) `,` type($input) `,`
    type($tensor1) `,` type($tensor2) `->` type($input_grad) `,` type($tensor1_grad) `,` type($tensor2_grad)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() { return ::ttbw::ttir::verify::verifyAddcmulBackward(*this); }
  }];
}

// lerp(input, end, weight) = input + weight * (end - input), weight a tensor or an f32
// scalar: input_grad = grad * (1 - weight), end_grad = grad * weight (ttnn's two gradients;
// weight's is not computed).
//   %g:2 = ttir.lerp_bw %grad, %a, %e, %w : T, A, E, W -> A, E
def TTIR_LerpBwOp : TTIR_Op<"lerp_bw"> {
  let summary = "Gradient of lerp (ttnn.lerp_bw)";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$input, AnyRankedTensor:$end, AnyType:$weight,
                       OptionalAttr<AnyAttr>:$memory_config);
  let results = (outs AnyRankedTensor:$input_grad, AnyRankedTensor:$end_grad);
  let assemblyFormat = [{
    $grad `,` $input `,` $end `,` $weight attr-dict `:` type($grad) `,` type($input) `,`
    type($end) `,` type($weight) `->` type($input_grad) `,` type($end_grad)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() { return ::ttbw::ttir::verify::verifyLerpBackward(*this); }
  }];
}

#endif // TTBW_DIALECT_TTIRBINARYFAMILYOPS_TD
