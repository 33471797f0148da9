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
// the op's own attributes; `complexForm`: the complex tensors it takes (a
// ttbw::ttir::verify::ComplexForm: None, AllComplex); `scalarForm`: `other` may be an f32
// scalar (ttnn's scalar overload).
class TTIR_BinaryBackwardOp<string mnemonic, dag attrs = (ins), string attrCheck = "::mlir::success()",
                            string complexForm = "None", bit scalarForm = 1> :
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
      if (::mlir::failed(::ttbw::ttir::verify::verifyBinaryBackward(
              *this, ::ttbw::ttir::verify::ComplexForm::}] # complexForm # [{, }] # scalarForm # [{)))
        return ::mlir::failure();
      return }] # attrCheck # [{;
    }
  }];
}

// grad, input -> input_grad (always computed); an input_grad operand is a
// preallocated result.
//   %g = ttir.neg_bw %grad, %x : T, T -> T
// `complexForm`: the complex tensors it takes (ttnn's ComplexTensor overloads: None,
// AllComplex, RealGrad: a real grad of a complex input); `realForm`: it takes real tensors too.
class TTIR_UnaryBackwardOp<string mnemonic, dag attrs = (ins), string attrCheck = "::mlir::success()",
                           string complexForm = "None", bit realForm = 1> :
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
      if (::mlir::failed(::ttbw::ttir::verify::verifyUnaryBackward(
              *this, ::ttbw::ttir::verify::ComplexForm::}] # complexForm # [{, }] # realForm # [{)))
        return ::mlir::failure();
      return }] # attrCheck # [{;
    }
  }];
}

//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

// input_grad = grad * conj(other), other_grad = grad * conj(input).
def TTIR_MulBwOp : TTIR_BinaryBackwardOp<"mul_bw", (ins), "::mlir::success()", "AllComplex"> {
  let summary = "Gradient of elementwise multiply (ttnn.mul_bw)";
}
// input_grad = grad, other_grad = grad (alpha * grad with an `alpha`: ttnn's complex
// add_bw(grad, a, b, alpha) overload; real tensors take ttir.addalpha_bw for that).
def TTIR_AddBwOp : TTIR_BinaryBackwardOp<"add_bw", (ins OptionalAttr<F32Attr>:$alpha),
    "::ttbw::ttir::verify::checkComplexOnly(*this, \"alpha\", getAlphaAttr(), \"ttir.addalpha_bw\")", "AllComplex"> {
  let summary = "Gradient of elementwise add (ttnn.add_bw)";
}
// input_grad = grad, other_grad = -grad (-alpha * grad with an `alpha`, complex only as
// ttnn's sub_bw(grad, a, b, alpha) overload; real tensors take ttir.subalpha_bw).
def TTIR_SubBwOp : TTIR_BinaryBackwardOp<"sub_bw", (ins OptionalAttr<F32Attr>:$alpha),
    "::ttbw::ttir::verify::checkComplexOnly(*this, \"alpha\", getAlphaAttr(), \"ttir.subalpha_bw\")", "AllComplex"> {
  let summary = "Gradient of elementwise subtract (ttnn.sub_bw)";
}
// input_grad = grad / conj(other), other_grad = -grad * conj((input / other) / other) (conj:
// complex operands); with a round_mode ("trunc" | "floor", real tensors only, as ttnn's)
// both are grad * 0, as PyTorch's.
def TTIR_DivBwOp : TTIR_BinaryBackwardOp<"div_bw", (ins OptionalAttr<StrAttr>:$round_mode),
    "::ttbw::ttir::verify::checkRoundMode(*this, getRoundModeAttr())", "AllComplex"> {
  let summary = "Gradient of elementwise divide (ttnn.div_bw)";
}
// input + alpha * other: input_grad = grad, other_grad = alpha * grad.
def TTIR_AddAlphaBwOp : TTIR_BinaryBackwardOp<"addalpha_bw", (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha),
    "::mlir::success()", "None", 0> {
  let summary = "Gradient of input + alpha * other (ttnn.addalpha_bw)";
}
// input - alpha * other: input_grad = grad, other_grad = -alpha * grad.
def TTIR_SubAlphaBwOp : TTIR_BinaryBackwardOp<"subalpha_bw", (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha),
    "::mlir::success()", "None", 0> {
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
def TTIR_ReciprocalBwOp : TTIR_UnaryBackwardOp<"reciprocal_bw", (ins), "::mlir::success()", "AllComplex"> {
  let summary = "Gradient of elementwise 1 / x (ttnn.reciprocal_bw)";
}
// input_grad = 2 * grad * x.
def TTIR_SquareBwOp : TTIR_UnaryBackwardOp<"square_bw"> {
  let summary = "Gradient of elementwise x^2 (ttnn.square_bw)";
}

//===----------------------------------------------------------------------===//
// ttnn's complex_unary_backward family (ComplexTensor inputs; PyTorch's conjugate Wirtinger
// gradients): complex gradients of a complex input
//===----------------------------------------------------------------------===//

// input_grad = conj(grad).
def TTIR_ConjBwOp : TTIR_UnaryBackwardOp<"conj_bw", (ins), "::mlir::success()", "AllComplex", 0> {
  let summary = "Gradient of the complex conjugate (ttnn.conj_bw)";
}
// polar(abs, angle) of input = abs + i angle (ttnn's packing): input_grad =
// Re(conj(grad) sgn(r)) + i Re(conj(grad) i r), r = abs e^(i angle) (PyTorch's polar_backward).
def TTIR_PolarBwOp : TTIR_UnaryBackwardOp<"polar_bw", (ins), "::mlir::success()", "AllComplex", 0> {
  let summary = "Gradient of polar(real(input), imag(input)) (ttnn.polar_bw)";
}
// A real grad of real(x): input_grad = grad + 0i.
def TTIR_RealBwOp : TTIR_UnaryBackwardOp<"real_bw", (ins), "::mlir::success()", "RealGrad", 0> {
  let summary = "Gradient of the real part (ttnn.real_bw)";
}
// A real grad of imag(x): input_grad = 0 + i grad.
def TTIR_ImagBwOp : TTIR_UnaryBackwardOp<"imag_bw", (ins), "::mlir::success()", "RealGrad", 0> {
  let summary = "Gradient of the imaginary part (ttnn.imag_bw)";
}
// A real grad of angle(x): input_grad = i grad x / |x|^2, 0 at x = 0.
def TTIR_AngleBwOp : TTIR_UnaryBackwardOp<"angle_bw", (ins), "::mlir::success()", "RealGrad", 0> {
  let summary = "Gradient of the complex argument (ttnn.angle_bw)";
}

//===----------------------------------------------------------------------===//
// Unary ops of ttnn's unary_backward family (PyTorch's derivatives.yaml)
//===----------------------------------------------------------------------===//

// input_grad = min <= x <= max ? grad : 0 (a NaN x: 0), a bound absent: that side open; one bound at least.
def TTIR_ClampBwOp : TTIR_UnaryBackwardOp<"clamp_bw", (ins OptionalAttr<F32Attr>:$min, OptionalAttr<F32Attr>:$max), "::ttbw::ttir::verify::checkAnyPresent(*this, {\"min\", \"max\"}, {getMinAttr(), getMaxAttr()})"> {
  let summary = "Gradient of clamp (ttnn.clamp_bw)";
}
// input_grad = clamp_bw's gradient (ttnn's alias).
def TTIR_ClipBwOp : TTIR_UnaryBackwardOp<"clip_bw", (ins OptionalAttr<F32Attr>:$min, OptionalAttr<F32Attr>:$max), "::ttbw::ttir::verify::checkAnyPresent(*this, {\"min\", \"max\"}, {getMinAttr(), getMaxAttr()})"> {
  let summary = "Gradient of clip (ttnn.clip_bw)";
}
// clamp / clip with tensor bounds: input_grad = min <= x <= max ? grad : 0 (a NaN x or bound:
// 0), summed back to the input's shape; grad has the broadcast shape of input, min and max. An
// open side is an infinite bound (x >= -inf holds for every x but NaN, as no bound does).
//   %g = ttir.clamp_tensor_bw %grad, %x, %min, %max : T, X, L, H -> X
def TTIR_ClampTensorBwOp : TTIR_Op<"clamp_tensor_bw"> {
  let summary = "Gradient of clamp with tensor bounds (ttnn.clamp_bw / clip_bw's tensor form)";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$input, AnyRankedTensor:$min, AnyRankedTensor:$max,
                       Optional<AnyRankedTensor>:$input_grad,
                       OptionalAttr<AnyAttr>:$memory_config);
  let results = (outs AnyRankedTensor:$input_grad_result);
  let assemblyFormat = [{
    $grad `,` $input `,` $min `,` $max (`input_grad` `(` $input_grad^ `:` type($input_grad) `)`)?
    attr-dict `:` type($grad) `,` type($input) `,` type($min) `,` type($max) `->` type($input_grad_result)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() { return ::ttbw::ttir::verify::verifyClampTensorBackward(*this); }
  }];
}
// repeat (torch's Tensor.repeat; ttnn.repeat_bw's `shape`): grad is the input (its shape
// left-padded with 1s to the repeats' rank) repeated `repeat_dimensions` times per dim;
// input_grad = grad summed over the repeats.
//   %g = ttir.repeat_bw %grad, %x {repeat_dimensions = array<i64: 1, 3, 1, 1>} : G, X -> X
def TTIR_RepeatBwOp : TTIR_Op<"repeat_bw"> {
  let summary = "Gradient of repeat (ttnn.repeat_bw)";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$input, Optional<AnyRankedTensor>:$input_grad,
                       OptionalAttr<AnyAttr>:$memory_config, DenseI64ArrayAttr:$repeat_dimensions);
  let results = (outs AnyRankedTensor:$input_grad_result);
  let assemblyFormat = [{
    $grad `,` $input (`input_grad` `(` $input_grad^ `:` type($input_grad) `)`)?
    attr-dict `:` type($grad) `,` type($input) `->` type($input_grad_result)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() { return ::ttbw::ttir::verify::verifyRepeatBackward(*this); }
  }];
}
// prod (torch.prod / ttnn.prod_bw): the product over the dims of `dim_arg` ([i32, ...], as
// ttir.sum's; absent: every dim); grad has the input's shape with those dims kept as 1;
// input_grad = grad times the product of the other elements of each reduced slice.
//   %g = ttir.prod_bw %grad, %x {dim_arg = [3 : i32]} : G, X -> X
def TTIR_ProdBwOp : TTIR_Op<"prod_bw"> {
  let summary = "Gradient of prod (ttnn.prod_bw)";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$input, Optional<AnyRankedTensor>:$input_grad,
                       OptionalAttr<AnyAttr>:$memory_config, OptionalAttr<AnyAttr>:$dim_arg);
  let results = (outs AnyRankedTensor:$input_grad_result);
  let assemblyFormat = [{
    $grad `,` $input (`input_grad` `(` $input_grad^ `:` type($input_grad) `)`)?
    attr-dict `:` type($grad) `,` type($input) `->` type($input_grad_result)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() { return ::ttbw::ttir::verify::verifyProdBackward(*this); }
  }];
}
// input_grad = x <= min or x >= max ? 0 : grad (a NaN x: grad).
def TTIR_HardtanhBwOp : TTIR_UnaryBackwardOp<"hardtanh_bw", (ins DefaultValuedAttr<F32Attr, "-1.0f">:$min, DefaultValuedAttr<F32Attr, "1.0f">:$max)> {
  let summary = "Gradient of hardtanh (ttnn.hardtanh_bw)";
}
// input_grad = -lambd <= x <= lambd ? 0 : grad.
def TTIR_HardshrinkBwOp : TTIR_UnaryBackwardOp<"hardshrink_bw", (ins DefaultValuedAttr<F32Attr, "0.5f">:$lambd)> {
  let summary = "Gradient of hardshrink (ttnn.hardshrink_bw)";
}
// input_grad = -lambd <= x <= lambd ? 0 : grad.
def TTIR_SoftshrinkBwOp : TTIR_UnaryBackwardOp<"softshrink_bw", (ins DefaultValuedAttr<F32Attr, "0.5f">:$lambd)> {
  let summary = "Gradient of softshrink (ttnn.softshrink_bw)";
}
// input_grad = x > 0 ? grad : grad * negative_slope.
def TTIR_LeakyReluBwOp : TTIR_UnaryBackwardOp<"leaky_relu_bw", (ins DefaultValuedAttr<F32Attr, "0.01f">:$negative_slope)> {
  let summary = "Gradient of leaky_relu (ttnn.leaky_relu_bw)";
}
// The softmax family from the forward's output y ("input"): softmax y (g - sum(g y, dim)),
// softmin y (sum(g y, dim) - g), log_softmax g - exp(y) sum(g, dim) (ttnn.moreh_*_backward,
// aten._softmax_backward_data / _log_softmax_backward_data).
class TTIR_SoftmaxFamilyBwOp<string mnemonic, string what> :
    TTIR_UnaryBackwardOp<mnemonic, (ins I32Attr:$dim), "::ttbw::ttir::verify::checkReducedDim(*this, getDim())"> {
  let summary = "Gradient of " # what # " along dim, from its output";
}
def TTIR_SoftmaxBwOp : TTIR_SoftmaxFamilyBwOp<"softmax_bw", "softmax">;
def TTIR_SoftminBwOp : TTIR_SoftmaxFamilyBwOp<"softmin_bw", "softmin">;
def TTIR_LogSoftmaxBwOp : TTIR_SoftmaxFamilyBwOp<"log_softmax_bw", "log_softmax">;
// input_grad = x > 0 ? grad : grad * alpha * exp(x).
def TTIR_EluBwOp : TTIR_UnaryBackwardOp<"elu_bw", (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha)> {
  let summary = "Gradient of elu (ttnn.elu_bw)";
}
// input_grad = x > 0 ? grad : grad * exp(x / alpha).
def TTIR_CeluBwOp : TTIR_UnaryBackwardOp<"celu_bw", (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha)> {
  let summary = "Gradient of celu (ttnn.celu_bw)";
}
// input_grad = x > 0 ? grad * scale : grad * scale * alpha * exp(x) (SELU's constants).
def TTIR_SeluBwOp : TTIR_UnaryBackwardOp<"selu_bw"> {
  let summary = "Gradient of selu (ttnn.selu_bw)";
}
// input_grad = x <= threshold ? 0 : grad (value: the forward's fill, no gradient).
def TTIR_ThresholdBwOp : TTIR_UnaryBackwardOp<"threshold_bw", (ins F32Attr:$threshold, F32Attr:$value)> {
  let summary = "Gradient of threshold (ttnn.threshold_bw)";
}
// input_grad = beta x > threshold ? grad : grad * sigmoid(beta x).
def TTIR_SoftplusBwOp : TTIR_UnaryBackwardOp<"softplus_bw", (ins DefaultValuedAttr<F32Attr, "1.0f">:$beta, DefaultValuedAttr<F32Attr, "20.0f">:$threshold)> {
  let summary = "Gradient of softplus (ttnn.softplus_bw)";
}
// input_grad = -3 < x < 3 ? grad / 6 : 0.
def TTIR_HardsigmoidBwOp : TTIR_UnaryBackwardOp<"hardsigmoid_bw"> {
  let summary = "Gradient of hardsigmoid (ttnn.hardsigmoid_bw)";
}
// input_grad = x < -3 ? 0 : x <= 3 ? grad (x + 1.5) / 3 : grad.
def TTIR_HardswishBwOp : TTIR_UnaryBackwardOp<"hardswish_bw"> {
  let summary = "Gradient of hardswish (ttnn.hardswish_bw)";
}
// input_grad = x > 0 ? 2 x grad : 0 (a NaN x: NaN, as torch's relu(x) ** 2).
def TTIR_ReluSquaredBwOp : TTIR_UnaryBackwardOp<"relu_squared_bw"> {
  let summary = "Gradient of relu(x)^2 (ttnn.relu_squared_bw)";
}
// input_grad = 0 < x < 6 ? grad : 0 (hardtanh's rule at 0, 6).
def TTIR_Relu6BwOp : TTIR_UnaryBackwardOp<"relu6_bw"> {
  let summary = "Gradient of relu6 (ttnn.relu6_bw)";
}
// input_grad = grad * sign(x); complex x (a real grad): grad * x / |x|, 0 at x = 0.
def TTIR_AbsBwOp : TTIR_UnaryBackwardOp<"abs_bw", (ins), "::mlir::success()", "RealGrad"> {
  let summary = "Gradient of abs (ttnn.abs_bw)";
}
// input_grad = 0 (sign is piecewise constant).
def TTIR_SignBwOp : TTIR_UnaryBackwardOp<"sign_bw"> {
  let summary = "Gradient of sign (ttnn.sign_bw)";
}
// input_grad = grad / (1 + |x|)^2.
def TTIR_SoftsignBwOp : TTIR_UnaryBackwardOp<"softsign_bw"> {
  let summary = "Gradient of softsign (ttnn.softsign_bw)";
}
// input_grad = grad * tanh(x)^2.
def TTIR_TanhshrinkBwOp : TTIR_UnaryBackwardOp<"tanhshrink_bw"> {
  let summary = "Gradient of tanhshrink (ttnn.tanhshrink_bw)";
}
// input_grad = grad * sigmoid(-x).
def TTIR_LogSigmoidBwOp : TTIR_UnaryBackwardOp<"log_sigmoid_bw"> {
  let summary = "Gradient of log_sigmoid (ttnn.log_sigmoid_bw)";
}
// input_grad = grad / sqrt(1 - x^2).
def TTIR_AsinBwOp : TTIR_UnaryBackwardOp<"asin_bw"> {
  let summary = "Gradient of asin (ttnn.asin_bw)";
}
// input_grad = -grad / sqrt(1 - x^2).
def TTIR_AcosBwOp : TTIR_UnaryBackwardOp<"acos_bw"> {
  let summary = "Gradient of acos (ttnn.acos_bw)";
}
// input_grad = grad / (1 + x^2).
def TTIR_AtanBwOp : TTIR_UnaryBackwardOp<"atan_bw"> {
  let summary = "Gradient of atan (ttnn.atan_bw)";
}
// input_grad = grad * cosh(x).
def TTIR_SinhBwOp : TTIR_UnaryBackwardOp<"sinh_bw"> {
  let summary = "Gradient of sinh (ttnn.sinh_bw)";
}
// input_grad = grad * sinh(x).
def TTIR_CoshBwOp : TTIR_UnaryBackwardOp<"cosh_bw"> {
  let summary = "Gradient of cosh (ttnn.cosh_bw)";
}
// input_grad = grad / sqrt(x^2 + 1).
def TTIR_AsinhBwOp : TTIR_UnaryBackwardOp<"asinh_bw"> {
  let summary = "Gradient of asinh (ttnn.asinh_bw)";
}
// input_grad = grad / sqrt(x^2 - 1).
def TTIR_AcoshBwOp : TTIR_UnaryBackwardOp<"acosh_bw"> {
  let summary = "Gradient of acosh (ttnn.acosh_bw)";
}
// input_grad = grad / (1 - x^2).
def TTIR_AtanhBwOp : TTIR_UnaryBackwardOp<"atanh_bw"> {
  let summary = "Gradient of atanh (ttnn.atanh_bw)";
}
// input_grad = grad / (x ln 10).
def TTIR_Log10BwOp : TTIR_UnaryBackwardOp<"log10_bw"> {
  let summary = "Gradient of log10 (ttnn.log10_bw)";
}
// input_grad = grad / (1 + x).
def TTIR_Log1pBwOp : TTIR_UnaryBackwardOp<"log1p_bw"> {
  let summary = "Gradient of log1p (ttnn.log1p_bw)";
}
// input_grad = grad / (x ln 2).
def TTIR_Log2BwOp : TTIR_UnaryBackwardOp<"log2_bw"> {
  let summary = "Gradient of log2 (ttnn.log2_bw)";
}
// input_grad = grad * 2^x ln 2.
def TTIR_Exp2BwOp : TTIR_UnaryBackwardOp<"exp2_bw"> {
  let summary = "Gradient of exp2 (ttnn.exp2_bw)";
}
// input_grad = grad * exp(x).
def TTIR_Expm1BwOp : TTIR_UnaryBackwardOp<"expm1_bw"> {
  let summary = "Gradient of expm1 (ttnn.expm1_bw)";
}
// input_grad = grad * 2 / sqrt(pi) exp(-x^2).
def TTIR_ErfBwOp : TTIR_UnaryBackwardOp<"erf_bw"> {
  let summary = "Gradient of erf (ttnn.erf_bw)";
}
// input_grad = -grad * 2 / sqrt(pi) exp(-x^2).
def TTIR_ErfcBwOp : TTIR_UnaryBackwardOp<"erfc_bw"> {
  let summary = "Gradient of erfc (ttnn.erfc_bw)";
}
// input_grad = grad * 180 / pi.
def TTIR_Rad2degBwOp : TTIR_UnaryBackwardOp<"rad2deg_bw"> {
  let summary = "Gradient of rad2deg (ttnn.rad2deg_bw)";
}
// input_grad = grad * pi / 180.
def TTIR_Deg2radBwOp : TTIR_UnaryBackwardOp<"deg2rad_bw"> {
  let summary = "Gradient of deg2rad (ttnn.deg2rad_bw)";
}
// input_grad = grad.
def TTIR_FracBwOp : TTIR_UnaryBackwardOp<"frac_bw"> {
  let summary = "Gradient of frac (ttnn.frac_bw)";
}
// input_grad = 0.
def TTIR_TruncBwOp : TTIR_UnaryBackwardOp<"trunc_bw"> {
  let summary = "Gradient of trunc (ttnn.trunc_bw)";
}
// input_grad = 0.
def TTIR_FloorBwOp : TTIR_UnaryBackwardOp<"floor_bw"> {
  let summary = "Gradient of floor (ttnn.floor_bw)";
}
// input_grad = 0.
def TTIR_CeilBwOp : TTIR_UnaryBackwardOp<"ceil_bw"> {
  let summary = "Gradient of ceil (ttnn.ceil_bw)";
}
// input_grad = 0.
def TTIR_RoundBwOp : TTIR_UnaryBackwardOp<"round_bw"> {
  let summary = "Gradient of round (ttnn.round_bw)";
}
// input_grad = 0 (fill's result does not depend on x).
def TTIR_FillBwOp : TTIR_UnaryBackwardOp<"fill_bw"> {
  let summary = "Gradient of fill (ttnn.fill_bw)";
}
// input_grad = 0.
def TTIR_FillZeroBwOp : TTIR_UnaryBackwardOp<"fill_zero_bw"> {
  let summary = "Gradient of fill_zero (ttnn.fill_zero_bw)";
}
// input_grad = scalar / x: -grad * scalar / x^2; with a round_mode ("trunc" | "floor") 0.
def TTIR_RdivBwOp : TTIR_UnaryBackwardOp<"rdiv_bw", (ins F32Attr:$scalar, OptionalAttr<StrAttr>:$round_mode), "::ttbw::ttir::verify::checkRoundMode(*this, getRoundModeAttr())"> {
  let summary = "Gradient of rdiv (ttnn.rdiv_bw)";
}
// input_grad = x^exponent: grad * exponent * x^(exponent - 1); 0 for exponent 0.
def TTIR_PowBwOp : TTIR_UnaryBackwardOp<"pow_bw", (ins F32Attr:$exponent)> {
  let summary = "Gradient of pow (ttnn.pow_bw)";
}
// input_grad = exponent^x (exponent: the base): grad * exponent^x * ln(exponent).
def TTIR_RpowBwOp : TTIR_UnaryBackwardOp<"rpow_bw", (ins F32Attr:$exponent)> {
  let summary = "Gradient of rpow (ttnn.rpow_bw)";
}
// input_grad = grad / (x (1 - x)), NaN outside [0, 1].
def TTIR_LogitBwOp : TTIR_UnaryBackwardOp<"logit_bw"> {
  let summary = "Gradient of logit (ttnn.logit_bw)";
}
// input_grad = eps <= x <= 1 - eps ? grad / (x (1 - x)) : 0.
def TTIR_LogitepsBwOp : TTIR_UnaryBackwardOp<"logiteps_bw", (ins DefaultValuedAttr<F32Attr, "0.0f">:$eps)> {
  let summary = "Gradient of logiteps (ttnn.logiteps_bw)";
}
// input_grad = x / scalar (0 when scalar = 0): grad / scalar, 0 when scalar = 0.
def TTIR_DivNoNanBwOp : TTIR_UnaryBackwardOp<"div_no_nan_bw", (ins F32Attr:$scalar)> {
  let summary = "Gradient of div_no_nan (ttnn.div_no_nan_bw)";
}
// input_grad = grad * cos(x) (passes/approximations.py's sin / cos).
def TTIR_SinBwOp : TTIR_UnaryBackwardOp<"sin_bw"> {
  let summary = "Gradient of sin (ttnn.sin_bw)";
}
// input_grad = -grad * sin(x).
def TTIR_CosBwOp : TTIR_UnaryBackwardOp<"cos_bw"> {
  let summary = "Gradient of cos (ttnn.cos_bw)";
}
// input_grad = grad / cos(x)^2.
def TTIR_TanBwOp : TTIR_UnaryBackwardOp<"tan_bw"> {
  let summary = "Gradient of tan (ttnn.tan_bw)";
}

//===----------------------------------------------------------------------===//
// Special functions (passes/derivatives_special.py: psi, zeta, erfinv and I1 built from
// TTIR ops)
//===----------------------------------------------------------------------===//

// input_grad = grad * digamma(x).
def TTIR_LgammaBwOp : TTIR_UnaryBackwardOp<"lgamma_bw"> {
  let summary = "Gradient of lgamma (ttnn.lgamma_bw)";
}
// input_grad = grad * polygamma(1, x).
def TTIR_DigammaBwOp : TTIR_UnaryBackwardOp<"digamma_bw"> {
  let summary = "Gradient of digamma (ttnn.digamma_bw)";
}
// input_grad = grad * polygamma(n + 1, x), n in 1 .. 10 (ttnn's range).
def TTIR_PolygammaBwOp : TTIR_UnaryBackwardOp<"polygamma_bw", (ins I32Attr:$n),
    "::ttbw::ttir::verify::checkIntRange(*this, \"n\", getN(), 1, 10)"> {
  let summary = "Gradient of polygamma of order n (ttnn.polygamma_bw)";
}
// input_grad = grad * sqrt(pi) / 2 * exp(erfinv(x)^2) (NaN outside [-1, 1]).
def TTIR_ErfinvBwOp : TTIR_UnaryBackwardOp<"erfinv_bw"> {
  let summary = "Gradient of erfinv (ttnn.erfinv_bw)";
}
// input_grad = grad * I1(x) (the derivative of I0).
def TTIR_I0BwOp : TTIR_UnaryBackwardOp<"i0_bw"> {
  let summary = "Gradient of the modified Bessel function I0 (ttnn.i0_bw)";
}
// input_grad = grad * sum_(i < 4) digamma(x - i / 2) (mvlgamma of order 4, ttnn's fixed p).
def TTIR_MultigammalnBwOp : TTIR_UnaryBackwardOp<"multigammaln_bw"> {
  let summary = "Gradient of the multivariate log-gamma of order 4 (ttnn.multigammaln_bw)";
}

#endif // TTBW_DIALECT_TTIRBACKWARDOPS_TD
