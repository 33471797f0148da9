// The `ttir` ops. tt-mlir's TTIR ops keep tt-mlir's names, operand orders and
// properties (no destination operands, as in today's tt-mlir); the backward ops
// (TTIRBackwardOps.td), `conj`, `real`, `imag` and `complex` are ttbw's own. The descriptions
// are in TTIROps.md; the verifiers and folders in TTIRVerify.cpp / TTIRDialect.cpp.
#ifndef TTBW_DIALECT_TTIROPS_TD
#define TTBW_DIALECT_TTIROPS_TD

include "TTIRBase.td"
include "TTIRAttrs.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

// Ops whose rules ttbw checks fully (data types and layouts of every tensor, as
// the mul_bw decomposition needs) have a C++ verifier; the others check shapes.
class TTIR_ElementwiseUnaryOp<string mnemonic, list<Trait> traits = []> :
    TTIR_Op<mnemonic, [Pure] # traits> {
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  // tt-mlir's Broadcastable rule and message (the result has the input's shape)
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ttbw::ttir::verify::verifyBroadcastable(*this, {getInput()});
    }
  }];
}

// lhs and rhs broadcast implicitly (NumPy rules, ranks may differ).
class TTIR_ElementwiseBinaryOp<string mnemonic, list<Trait> traits = []> :
    TTIR_Op<mnemonic, [Pure] # traits> {
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

def TTIR_MultiplyOp : TTIR_ElementwiseBinaryOp<"multiply", [Commutative]> {
  let summary = "Elementwise multiply (implicit broadcast)";
}
def TTIR_AddOp : TTIR_ElementwiseBinaryOp<"add", [Commutative]> {
  let summary = "Elementwise add (implicit broadcast)";
}
def TTIR_SubtractOp : TTIR_ElementwiseBinaryOp<"subtract"> {
  let summary = "Elementwise subtract (implicit broadcast)";
}
def TTIR_DivOp : TTIR_ElementwiseBinaryOp<"div"> {
  let summary = "Elementwise divide (implicit broadcast)";
}
def TTIR_MaximumOp : TTIR_ElementwiseBinaryOp<"maximum", [Commutative]> {
  let summary = "Elementwise maximum (implicit broadcast)";
}
def TTIR_MinimumOp : TTIR_ElementwiseBinaryOp<"minimum", [Commutative]> {
  let summary = "Elementwise minimum (implicit broadcast)";
}
def TTIR_PowOp : TTIR_ElementwiseBinaryOp<"pow"> {
  let summary = "Elementwise power (implicit broadcast)";
}
// Comparisons: 1 where true, 0 where false, in the result's element type.
def TTIR_EqualOp : TTIR_ElementwiseBinaryOp<"eq", [Commutative]> {
  let summary = "Elementwise equal";
}
def TTIR_NotEqualOp : TTIR_ElementwiseBinaryOp<"ne", [Commutative]> {
  let summary = "Elementwise not equal";
}
def TTIR_GreaterThanOp : TTIR_ElementwiseBinaryOp<"gt"> {
  let summary = "Elementwise greater than";
}
def TTIR_GreaterEqualOp : TTIR_ElementwiseBinaryOp<"ge"> {
  let summary = "Elementwise greater or equal";
}
def TTIR_LessThanOp : TTIR_ElementwiseBinaryOp<"lt"> {
  let summary = "Elementwise less than";
}
def TTIR_LessEqualOp : TTIR_ElementwiseBinaryOp<"le"> {
  let summary = "Elementwise less or equal";
}

// first ? second : third, elementwise with implicit broadcast.
def TTIR_WhereOp : TTIR_Op<"where", [Pure]> {
  let summary = "Elementwise select";
  let arguments = (ins AnyRankedTensor:$first, AnyRankedTensor:$second,
                       AnyRankedTensor:$third);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

def TTIR_NegOp : TTIR_Op<"neg", [Pure]> {
  let summary = "Elementwise negate";
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let hasFolder = 1;  // neg(neg(x)) = x
}

def TTIR_AbsOp : TTIR_ElementwiseUnaryOp<"abs"> { let summary = "Elementwise absolute value"; }
def TTIR_CeilOp : TTIR_ElementwiseUnaryOp<"ceil"> { let summary = "Elementwise ceiling"; }
def TTIR_CosOp : TTIR_ElementwiseUnaryOp<"cos"> { let summary = "Elementwise cosine"; }
def TTIR_ErfOp : TTIR_ElementwiseUnaryOp<"erf"> { let summary = "Elementwise error function"; }
def TTIR_ErfcOp : TTIR_ElementwiseUnaryOp<"erfc"> { let summary = "Elementwise 1 - erf(x), without its cancellation"; }
def TTIR_ExpOp : TTIR_ElementwiseUnaryOp<"exp"> { let summary = "Elementwise exponential"; }
def TTIR_Expm1Op : TTIR_ElementwiseUnaryOp<"expm1"> { let summary = "Elementwise exp(x) - 1"; }
def TTIR_FloorOp : TTIR_ElementwiseUnaryOp<"floor"> { let summary = "Elementwise floor"; }
def TTIR_GeluOp : TTIR_ElementwiseUnaryOp<"gelu"> { let summary = "Elementwise GELU"; }
def TTIR_LogOp : TTIR_ElementwiseUnaryOp<"log"> { let summary = "Elementwise natural logarithm"; }
def TTIR_Log1pOp : TTIR_ElementwiseUnaryOp<"log1p"> { let summary = "Elementwise log(1 + x)"; }
def TTIR_ReciprocalOp : TTIR_ElementwiseUnaryOp<"reciprocal"> { let summary = "Elementwise 1 / x"; }
def TTIR_ReluOp : TTIR_ElementwiseUnaryOp<"relu"> { let summary = "Elementwise ReLU"; }
def TTIR_RsqrtOp : TTIR_ElementwiseUnaryOp<"rsqrt"> { let summary = "Elementwise 1 / sqrt(x)"; }
def TTIR_SigmoidOp : TTIR_ElementwiseUnaryOp<"sigmoid"> { let summary = "Elementwise sigmoid"; }
def TTIR_SignOp : TTIR_ElementwiseUnaryOp<"sign"> { let summary = "Elementwise sign"; }
def TTIR_SinOp : TTIR_ElementwiseUnaryOp<"sin"> { let summary = "Elementwise sine"; }
def TTIR_SqrtOp : TTIR_ElementwiseUnaryOp<"sqrt"> { let summary = "Elementwise square root"; }
def TTIR_TanhOp : TTIR_ElementwiseUnaryOp<"tanh"> { let summary = "Elementwise hyperbolic tangent"; }

// ttbw-internal: the complex conjugate. It exists only between
// ttir-decompose-backward and ttir-expand-complex (TTIR has no complex types).
def TTIR_ConjOp : TTIR_Op<"conj", [Pure]> {
  let summary = "Complex conjugate (ttbw-internal)";
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}
// ttbw-internal, as conj: a complex tensor's real or imaginary part (a tensor of its part type),
// and the complex tensor of two real parts: how a rule reads and builds complex values part by part.
class TTIR_ComplexPartOp<string mnemonic, string what> : TTIR_Op<mnemonic, [Pure]> {
  let summary = "The " # what # " part of a complex tensor (ttbw-internal)";
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ttbw::ttir::verify::verifyComplexPart(*this, getInput(), getResult());
    }
  }];
}
def TTIR_RealOp : TTIR_ComplexPartOp<"real", "real">;
def TTIR_ImagOp : TTIR_ComplexPartOp<"imag", "imaginary">;
def TTIR_ComplexOp : TTIR_Op<"complex", [Pure]> {
  let summary = "The complex tensor real + i imag (ttbw-internal)";
  let arguments = (ins AnyRankedTensor:$real, AnyRankedTensor:$imag);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data movement and type changes
//===----------------------------------------------------------------------===//

def TTIR_TypecastOp : TTIR_Op<"typecast", [Pure]> {
  let summary = "Elementwise conversion to the result's data type and layout";
  let arguments = (ins AnyRankedTensor:$input,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$conservative_folding);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let hasFolder = 1;  // identity typecast
}

// "ttir.reshape"(%x) <{shape = [32 : i32]}>
def TTIR_ReshapeOp : TTIR_Op<"reshape", [Pure]> {
  let summary = "Reshape (same element count)";
  let arguments = (ins AnyRankedTensor:$input, ArrayAttr:$shape);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let hasFolder = 1;  // identity reshape; reshape(reshape(x)) = reshape(x)
}

// Repeats size-1 dims: result dim i = input dim i * broadcast_dimensions[i].
def TTIR_BroadcastOp : TTIR_Op<"broadcast", [Pure]> {
  let summary = "Explicit broadcast by repeat factors";
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions: "ttir.sum"(%x) <{dim_arg = [1 : i32], keep_dim = true}>; no dim_arg
// reduces every dim.
//===----------------------------------------------------------------------===//

class TTIR_ReductionOp<string mnemonic> : TTIR_Op<mnemonic, [Pure]> {
  let arguments = (ins AnyRankedTensor:$input, BoolAttr:$keep_dim,
                       OptionalAttr<ArrayAttr>:$dim_arg);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

def TTIR_SumOp : TTIR_ReductionOp<"sum"> { let summary = "Sum over dims"; }
def TTIR_MeanOp : TTIR_ReductionOp<"mean"> { let summary = "Mean over dims"; }
def TTIR_MaxOp : TTIR_ReductionOp<"max"> { let summary = "Maximum over dims"; }

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

// "ttir.full"() <{fill_value = 2.0 : f32, shape = array<i32: 1, 32>}>
def TTIR_FullOp : TTIR_Op<"full", [Pure]> {
  let summary = "A tensor filled with one value";
  let arguments = (ins DenseI32ArrayAttr:$shape, AnyAttrOf<[F32Attr, I32Attr]>:$fill_value);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

def TTIR_ConstantOp : TTIR_Op<"constant", [Pure, ConstantLike]> {
  let summary = "A constant tensor";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
}

// tt-mlir's uninitialised tensor, in tt-mlir's custom form: `ttir.empty() : tensor<2x3xf32>`.
// An allocation, as in tt-mlir: cse keeps two apart, an unused one is dead.
def TTIR_EmptyOp : TTIR_Op<"empty"> {
  let summary = "An uninitialised tensor of the result type";
  let results = (outs Res<AnyRankedTensor, "the uninitialised tensor", [MemAlloc]>:$result);
  let assemblyFormat = "`(` `)` attr-dict `:` type($result)";
}

// tt-mlir's layout ops (its D2M path), defined for their custom forms, which tt-mlir prints:
// ttbw reads and prints them, computes nothing with them, and the lowering refuses them at the
// op. Operands and results take any type (tt-mlir's carry ttcore / ttnn layouts).
def TTIR_ToLayoutOp : TTIR_Op<"to_layout"> {
  let summary = "A tensor in another layout, written into its output (tt-mlir's ttir.to_layout)";
  let arguments = (ins AnyType:$input, AnyType:$output, OptionalAttr<AnyAttr>:$layout);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $input `,` $output `:` type($input) `into` type($output) (`hostInfo` `=` $layout^)? attr-dict
    (`->` type($results)^)?
  }];
}

def TTIR_TTNNMetalLayoutCastOp : TTIR_Op<"ttnn_metal_layout_cast", [Pure]> {
  let summary = "A tensor's ttnn layout read as a metal layout or back (tt-mlir's ttir.ttnn_metal_layout_cast)";
  let arguments = (ins AnyType:$input, OptionalAttr<AffineMapAttr>:$virtual_grid_inverse_mapping,
                   OptionalAttr<AffineMapAttr>:$virtual_grid_forward_mapping);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

include "TTIRContractionOps.td"
include "TTIRBackwardOps.td"
include "TTIRBinaryFamilyOps.td"
include "TTIRNormBackwardOps.td"

#endif // TTBW_DIALECT_TTIROPS_TD
