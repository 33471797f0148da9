// The verifier of the backward ops (TTIRBackwardOps.td): one set of rules over an op's
// signature (gradient, forward operands, gradients with their results and preallocated
// buffers, mask, memory_config). Each signature class reads its op into that form.
#ifndef TTBW_DIALECT_TTIRBACKWARDVERIFY_H
#define TTBW_DIALECT_TTIRBACKWARDVERIFY_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace ttbw::ttir::verify {
using namespace mlir;

struct BackwardOperand {
  StringRef name;
  Value value;
  bool scalarAllowed = false;  // a tensor or an f32 scalar (then it has no gradient)
};

struct BackwardGradient {
  StringRef name;
  unsigned operand;  // index into BackwardSignature::operands
  Value preallocated, result;  // null when absent
};

// Which complex tensors an op takes (ttnn's ComplexTensor overloads).
enum class ComplexForm {
  None,        // real tensors only
  AllComplex,  // every tensor complex (mul_bw, conj_bw, polar_bw, ...)
  RealGrad,    // a real grad of complex operands: the forward's result is real (real_bw, angle_bw, abs_bw)
};

struct BackwardSignature {
  Value grad;
  SmallVector<BackwardOperand, 4> operands;
  SmallVector<BackwardGradient, 3> gradients;
  bool takesMask = false;  // has are_required_outputs (else every gradient is computed)
  Attribute mask, memoryConfig;  // null when absent
  ComplexForm complexForm = ComplexForm::None;
  bool realForm = true;  // accepts all-real tensors (else a complex form only)
  bool scalarForm = true;  // a scalarAllowed operand may be a scalar (else: refused, by name)
  // repeat_bw: grad is the one operand repeated this many times per dim (else: broadcast rules)
  std::optional<ArrayRef<int64_t>> repeats;
  // prod_bw: grad is the input with the dims of `dimArg` (an i32 array; null: every dim) kept as 1
  bool reduces = false;
  Attribute dimArg;
  // concat_bw: grad is input and other concatenated along this dim
  std::optional<int64_t> concatDim;
};

LogicalResult verifyBackward(Operation *op, const BackwardSignature &signature);
struct Checker;
struct TensorDesc;
// `what` (a result or preallocated buffer) has the shape and data type of its operand.
LogicalResult checkGradientType(Checker &c, StringRef what, const TensorDesc &got, StringRef operandName,
                                const TensorDesc &operand);
// An absent one, or a #ttir.memory_config ttbw places buffers by.
LogicalResult checkMemoryConfig(Checker &c, Attribute attr);
// Before anything reads the operands (the accessors index by segment): the attributes are
// known ones and each segment fits its operand (1 for `fixed` ones, else 0 or 1).
LogicalResult verifySegments(Operation *op, ArrayRef<StringRef> fixed, ArrayRef<int32_t> operandSegments,
                             ArrayRef<int32_t> resultSegments);

template <typename OpTy>
LogicalResult verifyBinaryBackward(OpTy op, ComplexForm complexForm, bool scalarForm,
                                   std::optional<int64_t> concatDim = std::nullopt) {
  if (failed(verifySegments(op, {"grad", "input", "other"}, op.getProperties().operandSegmentSizes,
                            op.getProperties().resultSegmentSizes)))
    return failure();
  BackwardSignature s;
  s.grad = op.getGrad();
  s.operands = {{"input", op.getInput()}, {"other", op.getOther(), /*scalarAllowed=*/true}};
  s.scalarForm = scalarForm;
  s.concatDim = concatDim;
  s.gradients = {{"input_grad", 0, op.getInputGrad(), op.getInputGradResult()},
                 {"other_grad", 1, op.getOtherGrad(), op.getOtherGradResult()}};
  s.takesMask = true;
  s.mask = op.getAreRequiredOutputsAttr();
  s.memoryConfig = op.getMemoryConfigAttr();
  s.complexForm = complexForm;
  return verifyBackward(op, s);
}

template <typename OpTy> LogicalResult verifyUnaryBackward(OpTy op, ComplexForm complexForm, bool realForm) {
  BackwardSignature s;
  s.complexForm = complexForm;
  s.realForm = realForm;
  s.grad = op.getGrad();
  s.operands = {{"input", op.getInput()}};
  s.gradients = {{"input_grad", 0, op.getInputGrad(), op.getInputGradResult()}};
  s.memoryConfig = op.getMemoryConfigAttr();
  return verifyBackward(op, s);
}

template <typename OpTy> LogicalResult verifyRepeatBackward(OpTy op) {
  BackwardSignature s;
  s.grad = op.getGrad();
  s.operands = {{"input", op.getInput()}};
  s.gradients = {{"input_grad", 0, op.getInputGrad(), op.getInputGradResult()}};
  s.memoryConfig = op.getMemoryConfigAttr();
  s.repeats = op.getRepeatDimensions();
  return verifyBackward(op, s);
}

template <typename OpTy> LogicalResult verifyProdBackward(OpTy op) {
  BackwardSignature s;
  s.grad = op.getGrad();
  s.operands = {{"input", op.getInput()}};
  s.gradients = {{"input_grad", 0, op.getInputGrad(), op.getInputGradResult()}};
  s.memoryConfig = op.getMemoryConfigAttr();
  s.reduces = true;
  s.dimArg = op.getDimArgAttr();
  return verifyBackward(op, s);
}

template <typename OpTy> LogicalResult verifyWhereBackward(OpTy op) {
  if (failed(verifySegments(op, {"grad", "condition", "input", "other"}, op.getProperties().operandSegmentSizes,
                            op.getProperties().resultSegmentSizes)))
    return failure();
  BackwardSignature s;
  s.grad = op.getGrad();
  s.operands = {{"condition", op.getCondition()}, {"input", op.getInput()}, {"other", op.getOther()}};
  s.gradients = {{"input_grad", 1, op.getInputGrad(), op.getInputGradResult()},
                 {"other_grad", 2, op.getOtherGrad(), op.getOtherGradResult()}};
  s.takesMask = true;
  s.mask = op.getAreRequiredOutputsAttr();
  s.memoryConfig = op.getMemoryConfigAttr();
  return verifyBackward(op, s);
}

template <typename OpTy> LogicalResult verifyAddcmulBackward(OpTy op) {
  BackwardSignature s;
  s.grad = op.getGrad();
  s.operands = {{"input", op.getInput()}, {"tensor1", op.getTensor1()}, {"tensor2", op.getTensor2()}};
  s.gradients = {{"input_grad", 0, Value(), op.getInputGrad()},
                 {"tensor1_grad", 1, Value(), op.getTensor1Grad()},
                 {"tensor2_grad", 2, Value(), op.getTensor2Grad()}};
  s.memoryConfig = op.getMemoryConfigAttr();
  return verifyBackward(op, s);
}

template <typename OpTy> LogicalResult verifyClampTensorBackward(OpTy op) {
  BackwardSignature s;
  s.grad = op.getGrad();
  s.operands = {{"input", op.getInput()}, {"min", op.getMin()}, {"max", op.getMax()}};
  s.gradients = {{"input_grad", 0, op.getInputGrad(), op.getInputGradResult()}};
  s.memoryConfig = op.getMemoryConfigAttr();
  return verifyBackward(op, s);
}

template <typename OpTy> LogicalResult verifyLerpBackward(OpTy op) {
  BackwardSignature s;
  s.grad = op.getGrad();
  s.operands = {{"input", op.getInput()}, {"end", op.getEnd()}, {"weight", op.getWeight(), /*scalarAllowed=*/true}};
  s.gradients = {{"input_grad", 0, Value(), op.getInputGrad()}, {"end_grad", 1, Value(), op.getEndGrad()}};
  s.memoryConfig = op.getMemoryConfigAttr();
  return verifyBackward(op, s);
}

// Op-specific attribute checks (the `attrCheck` of an op's class).
LogicalResult checkOneOf(Operation *op, StringRef name, Attribute attr, ArrayRef<StringRef> allowed);
// An attribute of an op's complex form only (ttnn's ComplexTensor overload); `realOp`: the
// op taking it for real tensors.
LogicalResult checkComplexOnly(Operation *op, StringRef name, Attribute attr, StringRef realOp);
// div_bw's round_mode: "trunc" | "floor", real tensors only (ttnn's complex div_bw has none).
LogicalResult checkRoundMode(Operation *op, Attribute attr);
// At least one of the optional attributes `names` (their values `attrs`) is present (clamp_bw's
// min / max: ttnn's "Only one of 'min' or 'max' can be None").
LogicalResult checkAnyPresent(Operation *op, ArrayRef<StringRef> names, ArrayRef<Attribute> attrs);
// An operand or result of a normalization's backward op, by name (null: absent).
struct NamedValue {
  StringRef name;
  Value value;
};
// The normalizations' backward ops (TTIRNormBackwardOps.td), once their segments fit:
// `statistics` in the keep-dim shape, `gamma` (or null) of the normalized shape, `results` in
// order, the first input_grad, the others of the normalized shape (TTIRNormBackwardVerify.cpp).
LogicalResult verifyNormBackward(Operation *op, ArrayRef<NamedValue> statistics, Value gamma,
                                 int32_t normalizedDims, ArrayRef<NamedValue> results, Attribute memoryConfig);
// ttir.batch_norm_bw: normalized over every dim but the channels (dim 1); `statistics`, `gamma`
// and the other results in the keep-dim shape (1, C, 1, ...).
LogicalResult verifyBatchNormBackward(Operation *op, ArrayRef<NamedValue> statistics, Value gamma,
                                      ArrayRef<NamedValue> results, Attribute memoryConfig);
// The softmax family's backward: `dim` names a dim of `input` (the forward's output; -rank ..
// rank - 1, as torch).
LogicalResult checkReducedDim(Operation *op, int32_t dim);
// An integer attribute within [low, high] (polygamma_bw's order n: ttnn's 1 .. 10).
LogicalResult checkIntRange(Operation *op, StringRef name, int64_t value, int64_t low, int64_t high);

} // namespace ttbw::ttir::verify

#endif // TTBW_DIALECT_TTIRBACKWARDVERIFY_H
