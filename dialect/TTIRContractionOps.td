// Contractions and dimension moves, as tt-mlir's TTIR spells them (TTIROps.td of
// tenstorrent/tt-mlir): names, operand orders, properties and their defaults. The shape
// rules are tt-mlir's too (1-D operands, broadcast batch dims); ttbw adds its data-type
// rules (every tensor of one element type). Verifiers: TTIRContractionVerify.cpp.
#ifndef TTBW_DIALECT_TTIRCONTRACTIONOPS_TD
#define TTBW_DIALECT_TTIRCONTRACTIONOPS_TD

include "TTIRBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// "ttir.matmul"(%a, %b) <{transpose_a = false, transpose_b = true}>
//   a [..., m, k] (transposed: [..., k, m]), b [..., k, n] (transposed: [..., n, k]) ->
//   [broadcast(batch of a, batch of b)..., m, n]; a 1-D a is [1, k] with m dropped from the
//   result, a 1-D b is [k, 1] with n dropped.
def TTIR_MatmulOp : TTIR_Op<"matmul", [Pure]> {
  let summary = "Matrix product (batched, broadcast batch dims)";
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_a,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_b);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

// matmul(a, b) + bias, bias broadcast to the product's shape (NumPy rules); the result has
// the broadcast shape of both.
def TTIR_LinearOp : TTIR_Op<"linear", [Pure]> {
  let summary = "Matrix product plus an optional broadcast bias";
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b,
                       Optional<AnyRankedTensor>:$bias,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_a,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_b);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

// "ttir.permute"(%x) <{permutation = array<i64: 1, 2, 0>}>: result dim i = input dim
// permutation[i].
def TTIR_PermuteOp : TTIR_Op<"permute", [Pure]> {
  let summary = "Reorders the dims";
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let hasFolder = 1;  // identity permutation
}

// "ttir.transpose"(%x) <{dim0 = -2 : si32, dim1 = -1 : si32}>: swaps two dims (rank >= 2).
def TTIR_TransposeOp : TTIR_Op<"transpose", [Pure]> {
  let summary = "Swaps two dims";
  let arguments = (ins AnyRankedTensor:$input, SI32Attr:$dim0, SI32Attr:$dim1);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let hasFolder = 1;  // a dim swapped with itself
}

// "ttir.slice_static"(%x) <{begins = [0 : i32, 16 : i32], ends = [2 : i32, 32 : i32],
//   step = [1 : i32, 2 : i32]}>: x[begin:end:step] per dim (a negative begin / end counts from
//   the end); result dim i = ceil(|end - begin| / |step|).
def TTIR_SliceStaticOp : TTIR_Op<"slice_static", [Pure]> {
  let summary = "A strided window of the input";
  let arguments = (ins AnyRankedTensor:$input, I32ArrayAttr:$begins, I32ArrayAttr:$ends,
                       I32ArrayAttr:$step);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let hasFolder = 1;  // the whole input
}

#endif // TTBW_DIALECT_TTIRCONTRACTIONOPS_TD
