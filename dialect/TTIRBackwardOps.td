// ttnn's backward ops (ttbw's own; tt-mlir has none). Each op is an instance of a
// signature class; what an op adds is its mnemonic, its own attributes and, where
// they have rules, a small check of them (the class verifier does the rest:
// TTIRBackwardVerify.cpp). Their derivatives are passes/derivatives.py's table.
// Not Pure: an op writes into its preallocated results.
#ifndef TTBW_DIALECT_TTIRBACKWARDOPS_TD
#define TTBW_DIALECT_TTIRBACKWARDOPS_TD

include "TTIRBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

// grad, input, other (a tensor or an f32 scalar) -> input_grad, other_grad (each
// present when requested by are_required_outputs; a scalar other has none).
// input_grad / other_grad operands are preallocated results.
//   %g:2 = ttir.add_bw %grad, %a, %b : T, A, B -> input_grad A other_grad B
// `attrCheck` is a C++ expression (of type LogicalResult, `*this` the op) checking
// the op's own attributes; `complexForm`: the op takes all-complex operands;
// `scalarForm`: `other` may be an f32 scalar (ttnn's scalar overload).
class TTIR_BinaryBackwardOp<string mnemonic, dag attrs = (ins), string attrCheck = "::mlir::success()",
                            bit complexForm = 0, bit scalarForm = 1> :
    TTIR_Op<mnemonic, [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let arguments = !con((ins AnyRankedTensor:$grad, AnyRankedTensor:$input, AnyType:$other,
                            Optional<AnyRankedTensor>:$input_grad,
                            Optional<AnyRankedTensor>:$other_grad,
                            // array<i1: x, y>; absent: both. Checked by the verifier.
                            OptionalAttr<AnyAttr>:$are_required_outputs,
                            // #ttir.memory_config<...>. Checked by the verifier.
                            OptionalAttr<AnyAttr>:$memory_config), attrs);
  let results = (outs Optional<AnyRankedTensor>:$input_grad_result,
                      Optional<AnyRankedTensor>:$other_grad_result);
  let assemblyFormat = [{
    $grad `,` $input `,` $other
    (`input_grad` `(` $input_grad^ `:` type($input_grad) `)`)?
    (`other_grad` `(` $other_grad^ `:` type($other_grad) `)`)?
    attr-dict `:` type($grad) `,` type($input) `,` type($other)
    `->` (`input_grad` type($input_grad_result)^)? (`other_grad` type($other_grad_result)^)?
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ttbw::ttir::verify::verifyBinaryBackward(*this, }] # complexForm # [{, }] # scalarForm # [{)))
        return ::mlir::failure();
      return }] # attrCheck # [{;
    }
  }];
}

// grad, input -> input_grad (always computed); an input_grad operand is a
// preallocated result.
//   %g = ttir.neg_bw %grad, %x : T, T -> T
// `complexForm`: the op also takes all-complex tensors (ttnn's ComplexTensor overload).
class TTIR_UnaryBackwardOp<string mnemonic, dag attrs = (ins), string attrCheck = "::mlir::success()",
                           bit complexForm = 0> :
    TTIR_Op<mnemonic> {
  let arguments = !con((ins AnyRankedTensor:$grad, AnyRankedTensor:$input,
                            Optional<AnyRankedTensor>:$input_grad,
                            OptionalAttr<AnyAttr>:$memory_config), attrs);
  let results = (outs AnyRankedTensor:$input_grad_result);
  let assemblyFormat = [{
    $grad `,` $input (`input_grad` `(` $input_grad^ `:` type($input_grad) `)`)?
    attr-dict `:` type($grad) `,` type($input) `->` type($input_grad_result)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ttbw::ttir::verify::verifyUnaryBackward(*this, }] # complexForm # [{)))
        return ::mlir::failure();
      return }] # attrCheck # [{;
    }
  }];
}

//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

// input_grad = grad * conj(other), other_grad = grad * conj(input).
def TTIR_MulBwOp : TTIR_BinaryBackwardOp<"mul_bw", (ins), "::mlir::success()", 1> {
  let summary = "Gradient of elementwise multiply (ttnn.mul_bw)";
}
// input_grad = grad, other_grad = grad (alpha * grad with an `alpha`: ttnn's complex
// add_bw(grad, a, b, alpha) overload; real tensors take ttir.addalpha_bw for that).
def TTIR_AddBwOp : TTIR_BinaryBackwardOp<"add_bw", (ins OptionalAttr<F32Attr>:$alpha),
    "::ttbw::ttir::verify::checkComplexOnly(*this, \"alpha\", getAlphaAttr(), \"ttir.addalpha_bw\")", 1> {
  let summary = "Gradient of elementwise add (ttnn.add_bw)";
}
// input_grad = grad, other_grad = -grad (-alpha * grad with an `alpha`, complex only as
// ttnn's sub_bw(grad, a, b, alpha) overload; real tensors take ttir.subalpha_bw).
def TTIR_SubBwOp : TTIR_BinaryBackwardOp<"sub_bw", (ins OptionalAttr<F32Attr>:$alpha),
    "::ttbw::ttir::verify::checkComplexOnly(*this, \"alpha\", getAlphaAttr(), \"ttir.subalpha_bw\")", 1> {
  let summary = "Gradient of elementwise subtract (ttnn.sub_bw)";
}
// input_grad = grad / conj(other), other_grad = -grad * conj((input / other) / other) (conj:
// complex operands); with a round_mode ("trunc" | "floor", real tensors only, as ttnn's)
// both are grad * 0, as PyTorch's.
def TTIR_DivBwOp : TTIR_BinaryBackwardOp<"div_bw", (ins OptionalAttr<StrAttr>:$round_mode),
    "::ttbw::ttir::verify::checkRoundMode(*this, getRoundModeAttr())", 1> {
  let summary = "Gradient of elementwise divide (ttnn.div_bw)";
}
// input + alpha * other: input_grad = grad, other_grad = alpha * grad.
def TTIR_AddAlphaBwOp : TTIR_BinaryBackwardOp<"addalpha_bw", (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha),
    "::mlir::success()", 0, 0> {
  let summary = "Gradient of input + alpha * other (ttnn.addalpha_bw)";
}
// input - alpha * other: input_grad = grad, other_grad = -alpha * grad.
def TTIR_SubAlphaBwOp : TTIR_BinaryBackwardOp<"subalpha_bw", (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha),
    "::mlir::success()", 0, 0> {
  let summary = "Gradient of input - alpha * other (ttnn.subalpha_bw)";
}

//===----------------------------------------------------------------------===//
// Ternary
//===----------------------------------------------------------------------===//

// where(condition, input, other): input_grad = where(condition, grad, 0),
// other_grad = where(condition, 0, grad); condition (nonzero: true) has no gradient.
//   %g:2 = ttir.where_bw %grad, %c, %a, %b : T, C, A, B -> input_grad A other_grad B
def TTIR_WhereBwOp : TTIR_Op<"where_bw", [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let summary = "Gradient of elementwise select (ttnn.where_bw)";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$condition, AnyRankedTensor:$input,
                       AnyRankedTensor:$other,
                       Optional<AnyRankedTensor>:$input_grad,
                       Optional<AnyRankedTensor>:$other_grad,
                       OptionalAttr<AnyAttr>:$are_required_outputs,
                       OptionalAttr<AnyAttr>:$memory_config);
  let results = (outs Optional<AnyRankedTensor>:$input_grad_result,
                      Optional<AnyRankedTensor>:$other_grad_result);
  let assemblyFormat = [{
    $grad `,` $condition `,` $input `,` $other
    (`input_grad` `(` $input_grad^ `:` type($input_grad) `)`)?
    (`other_grad` `(` $other_grad^ `:` type($other_grad) `)`)?
    attr-dict `:` type($grad) `,` type($condition) `,` type($input) `,` type($other)
    `->` (`input_grad` type($input_grad_result)^)? (`other_grad` type($other_grad_result)^)?
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() { return ::ttbw::ttir::verify::verifyWhereBackward(*this); }
  }];
}

// input + value * tensor1 * tensor2: input_grad = grad,
// tensor1_grad = grad * value * tensor2, tensor2_grad = grad * value * tensor1.
//   %g:3 = ttir.addcmul_bw %grad, %a, %t1, %t2 {value = 0.5 : f32} : T, A, T1, T2 -> A, T1, T2
def TTIR_AddcmulBwOp : TTIR_Op<"addcmul_bw"> {
  let summary = "Gradient of input + value * tensor1 * tensor2 (ttnn.addcmul_bw)";
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

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

// input_grad = -grad.
def TTIR_NegBwOp : TTIR_UnaryBackwardOp<"neg_bw"> {
  let summary = "Gradient of elementwise negate (ttnn.neg_bw)";
}
// input_grad = input > 0 ? grad : 0 (PyTorch's threshold_backward: NaN input keeps grad).
def TTIR_ReluBwOp : TTIR_UnaryBackwardOp<"relu_bw"> {
  let summary = "Gradient of elementwise ReLU (ttnn.relu_bw)";
}
// input_grad = grad * (Phi(x) + x * phi(x)) ("none", the default) or the derivative of
// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) ("tanh").
def TTIR_GeluBwOp : TTIR_UnaryBackwardOp<"gelu_bw", (ins OptionalAttr<StrAttr>:$approximate),
    "::ttbw::ttir::verify::checkOneOf(*this, \"approximate\", getApproximateAttr(), {\"none\", \"tanh\"})"> {
  let summary = "Gradient of elementwise GELU (ttnn.gelu_bw)";
}
// input_grad = grad * s * (1 + x * (1 - s)), s = sigmoid(x).
def TTIR_SiluBwOp : TTIR_UnaryBackwardOp<"silu_bw"> {
  let summary = "Gradient of elementwise SiLU (ttnn.silu_bw)";
}
// input_grad = grad * (1 - tanh(x)^2).
def TTIR_TanhBwOp : TTIR_UnaryBackwardOp<"tanh_bw"> {
  let summary = "Gradient of elementwise tanh (ttnn.tanh_bw)";
}
// input_grad = grad * s * (1 - s), s = sigmoid(x).
def TTIR_SigmoidBwOp : TTIR_UnaryBackwardOp<"sigmoid_bw"> {
  let summary = "Gradient of elementwise sigmoid (ttnn.sigmoid_bw)";
}
// input_grad = grad * exp(x).
def TTIR_ExpBwOp : TTIR_UnaryBackwardOp<"exp_bw"> {
  let summary = "Gradient of elementwise exp (ttnn.exp_bw)";
}
// input_grad = grad / x.
def TTIR_LogBwOp : TTIR_UnaryBackwardOp<"log_bw"> {
  let summary = "Gradient of elementwise natural log (ttnn.log_bw)";
}
// input_grad = grad / (2 sqrt(x)).
def TTIR_SqrtBwOp : TTIR_UnaryBackwardOp<"sqrt_bw"> {
  let summary = "Gradient of elementwise sqrt (ttnn.sqrt_bw)";
}
// input_grad = -0.5 * grad * rsqrt(x)^3.
def TTIR_RsqrtBwOp : TTIR_UnaryBackwardOp<"rsqrt_bw"> {
  let summary = "Gradient of elementwise 1 / sqrt(x) (ttnn.rsqrt_bw)";
}
// input_grad = -grad / x^2 (complex: -grad * conj(r * r), r = 1 / x, PyTorch's form).
def TTIR_ReciprocalBwOp : TTIR_UnaryBackwardOp<"reciprocal_bw", (ins), "::mlir::success()", 1> {
  let summary = "Gradient of elementwise 1 / x (ttnn.reciprocal_bw)";
}
// input_grad = 2 * grad * x.
def TTIR_SquareBwOp : TTIR_UnaryBackwardOp<"square_bw"> {
  let summary = "Gradient of elementwise x^2 (ttnn.square_bw)";
}

#endif // TTBW_DIALECT_TTIRBACKWARDOPS_TD
