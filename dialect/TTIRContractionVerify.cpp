// Verifiers and folders of the contractions and dimension moves (TTIRContractionOps.td):
// tt-mlir's shape rules (1-D operands, broadcast batch dims, transposes) and ttbw's data-type
// rules; tt-mlir's messages, word for word, for its shape rules, ttbw's naming the operand for its own.
#include "TTIRVerify.h"

#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <numeric>

using namespace mlir;
using namespace ttbw::ttir;
using namespace ttbw::ttir::verify;

namespace {

std::string dims(ArrayRef<int64_t> values) {
  return "[" + llvm::join(llvm::map_range(values, [](int64_t d) { return std::to_string(d); }), ", ") + "]";
}

// Every tensor described (data-type rules) and of one element type.
LogicalResult sameElements(Checker &c, ArrayRef<std::pair<StringRef, Value>> tensors) {
  std::optional<TensorDesc> first;
  SmallVector<StringRef> names;
  for (auto [name, value] : tensors) {
    auto desc = c.tensor(value, name);
    if (!desc)
      return failure();
    if (desc->isComplex)
      return c.fail() << "operand '" << name << "' is complex; contractions take real tensors";
    names.push_back(name);
    if (!first)
      first = desc;
    else if (desc->element != first->element)
      return c.fail() << llvm::join(llvm::map_range(names, [](StringRef n) { return "'" + n.str() + "'"; }), ", ")
                      << " must have the same element type (use ttir.typecast to convert)";
  }
  return success();
}

std::string joined(ArrayRef<int64_t> dims) {
  return llvm::join(llvm::map_range(dims, [](int64_t d) { return std::to_string(d); }), ",");
}

// The result shape of matmul(a, b) by tt-mlir's rules and in its words (MatmulOp / LinearOp's
// verifiers), or failure after reporting; empty for a vector . vector product.
FailureOr<SmallVector<int64_t>> productShape(Checker &c, ArrayRef<int64_t> aShape, ArrayRef<int64_t> bShape,
                                             bool transposeA, bool transposeB) {
  if (aShape.empty())
    return c.fail() << "Input A must be at least a 1D tensor";
  if (bShape.empty())
    return c.fail() << "Input B must be at least a 1D tensor";
  SmallVector<int64_t> a(aShape), b(bShape);
  if (a.size() == 1)
    a.insert(a.begin(), 1);  // a vector is one row; transpose_a does not apply
  else if (transposeA)
    std::swap(a[a.size() - 1], a[a.size() - 2]);
  if (b.size() == 1)
    b.push_back(1);  // a vector is one column
  else if (transposeB)
    std::swap(b[b.size() - 1], b[b.size() - 2]);
  if (a.back() != b[b.size() - 2])
    return c.fail() << "Input A[-1](" << a.back() << ") and B[-2](" << b[b.size() - 2]
                    << ") must have matching inner dimensions";
  SmallVector<int64_t> shape;
  if (a.size() > 2 || b.size() > 2) {
    ArrayRef<int64_t> aBatch = ArrayRef<int64_t>(a).drop_back(2), bBatch = ArrayRef<int64_t>(b).drop_back(2);
    auto batch = broadcastShapes(aBatch, bBatch);
    if (!batch)
      return c.fail() << "Batch dimensions of input A(" << joined(aBatch) << ") and B(" << joined(bBatch)
                      << ") are not broadcast compatible";
    shape = *batch;
  }
  if (aShape.size() > 1)
    shape.push_back(a[a.size() - 2]);
  if (bShape.size() > 1)
    shape.push_back(b.back());
  return shape;
}

LogicalResult verifyContraction(Operation *op, Value a, Value b, Value bias, bool transposeA, bool transposeB) {
  Checker c{op};
  if (failed(c.knownAttributes()))
    return failure();
  SmallVector<std::pair<StringRef, Value>> tensors = {{"a", a}, {"b", b}};
  if (bias)
    tensors.push_back({"bias", bias});
  if (failed(sameElements(c, tensors)))
    return failure();
  // The result has the operands' element type, or f32: the product kept unrounded in its
  // accumulator's type (a gradient summed further before its one rounding).
  auto resultDesc = c.tensor(op->getResult(0), "result");
  if (!resultDesc)
    return failure();
  if (resultDesc->element != getElementTypeOrSelf(a.getType()) && !resultDesc->element.isF32())
    return c.fail() << "'result' must have the element type of 'a' and 'b' or f32 (the accumulator's), got "
                    << str(resultDesc->element);
  ArrayRef<int64_t> aShape = cast<RankedTensorType>(a.getType()).getShape();
  ArrayRef<int64_t> bShape = cast<RankedTensorType>(b.getType()).getShape();
  auto product = productShape(c, aShape, bShape, transposeA, transposeB);
  if (failed(product))
    return failure();
  SmallVector<int64_t> expected = *product;
  if (bias) {
    ArrayRef<int64_t> biasShape = cast<RankedTensorType>(bias.getType()).getShape();
    if (biasShape.empty())
      return c.fail() << "Bias must be at least a 1D tensor";
    auto shape = broadcastShapes(expected, biasShape);
    if (!shape)
      return c.fail() << "Bias shape(" << joined(biasShape)
                      << ") is not broadcast compatible with the matmul output shape(" << joined(expected) << ")";
    expected = *shape;
  }
  ArrayRef<int64_t> result = cast<RankedTensorType>(op->getResult(0).getType()).getShape();
  if (expected.empty()) {  // vector . vector: tt-mlir has no scalars here, a 1-D tensor of one
    if (result.empty())
      return c.fail() << "Scalar output is not supported, output must be at least a 1D tensor";
    if (result.size() > 1 || result[0] != 1)
      return c.fail() << "Scalar output must be a 1D tensor of size 1";
    return success();
  }
  if (result.size() != expected.size())
    return c.fail() << "Output shape rank(" << result.size() << ") must match the expected output shape rank("
                    << expected.size() << ")";
  for (size_t i = 0; i < result.size(); ++i)
    if (result[i] != expected[i])
      return c.fail() << "Output shape dimension[" << i << "](" << result[i]
                      << ") doesn't match the expected output shape dimension[" << i << "](" << expected[i] << ")";
  return success();
}

LogicalResult verifyMove(Checker &c, Value input, Value result) {
  if (failed(c.knownAttributes()) || failed(sameElements(c, {{"input", input}, {"result", result}})))
    return failure();
  return success();
}

// The dim `d` of a rank-`rank` tensor in [0, rank), or -1 when out of range.
int64_t normalized(int64_t d, int64_t rank) { return d < -rank || d >= rank ? -1 : (d + rank) % rank; }

} // namespace

LogicalResult MatmulOp::verify() {
  return verifyContraction(*this, getA(), getB(), Value(), getTransposeA(), getTransposeB());
}

LogicalResult LinearOp::verify() {
  return verifyContraction(*this, getA(), getB(), getBias(), getTransposeA(), getTransposeB());
}

LogicalResult PermuteOp::verify() {
  Checker c{*this};
  if (failed(verifyMove(c, getInput(), getResult())))
    return failure();
  ArrayRef<int64_t> input = getInput().getType().getShape(), result = getResult().getType().getShape();
  ArrayRef<int64_t> permutation = getPermutation();
  SmallVector<int64_t> sorted(permutation), identity(input.size());
  std::iota(identity.begin(), identity.end(), 0);
  llvm::sort(sorted);
  if (sorted != identity)  // tt-mlir's messages
    return c.fail() << "Expected a permutation of " << tupleStr(identity) << ", got " << tupleStr(permutation);
  SmallVector<int64_t> expected;
  for (int64_t d : permutation)
    expected.push_back(input[d]);
  if (result != ArrayRef<int64_t>(expected))
    return c.fail() << "Expected result shape " << tupleStr(expected) << ", got " << tupleStr(result);
  return success();
}

LogicalResult TransposeOp::verify() {
  Checker c{*this};
  if (failed(verifyMove(c, getInput(), getResult())))
    return failure();
  ArrayRef<int64_t> input = getInput().getType().getShape(), result = getResult().getType().getShape();
  int64_t rank = input.size();
  if (rank < 2)
    return c.fail() << "operand 'input' must have rank >= 2 (got " << shapeStr(input) << ")";
  int64_t dim0 = normalized(getDim0(), rank), dim1 = normalized(getDim1(), rank);
  if (dim0 < 0 || dim1 < 0)
    return c.fail() << "'" << (dim0 < 0 ? "dim0" : "dim1") << "' " << (dim0 < 0 ? getDim0() : getDim1())
                    << " is out of range for rank " << rank;
  SmallVector<int64_t> expected(input);
  std::swap(expected[dim0], expected[dim1]);
  if (result != ArrayRef<int64_t>(expected))
    return c.fail() << "result shape " << shapeStr(result) << " must be " << shapeStr(expected) << " (input "
                    << shapeStr(input) << " with dims " << dim0 << " and " << dim1 << " swapped)";
  return success();
}

// tt-mlir's rules and messages, in its order (SliceStaticOp::verify).
LogicalResult SliceStaticOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  auto source = c.tensor(getInput(), "input");
  auto sliced = source ? c.tensor(getResult(), "result") : std::nullopt;
  if (!sliced)
    return failure();
  ArrayRef<int64_t> input = getInput().getType().getShape(), result = getResult().getType().getShape();
  if (input.empty())
    return c.fail() << "Input must be at least a 1D tensor";
  auto begins = i32Array(c, "begins", getBeginsAttr());
  auto ends = begins ? i32Array(c, "ends", getEndsAttr()) : std::nullopt;
  auto steps = ends ? i32Array(c, "step", getStepAttr()) : std::nullopt;
  if (!steps)
    return failure();
  if (begins->size() != input.size() || ends->size() != input.size() || steps->size() != input.size())
    return c.fail() << "Begins, ends, and step attributes must have the same number of elements as the input "
                       "tensor rank";
  if (source->element != sliced->element || source->isComplex != sliced->isComplex)
    return c.fail() << "Output tensor must have the same element type as the input tensor";
  if (result.size() != input.size())
    return c.fail() << "Output tensor must have the same rank as the input tensor";
  std::string shape = "(" + llvm::join(llvm::map_range(input, [](int64_t d) { return std::to_string(d); }), ", ") +
                      ")";
  for (size_t i = 0; i < input.size(); ++i) {
    int64_t size = input[i], begin = (*begins)[i], end = (*ends)[i], step = (*steps)[i];
    int64_t from = begin < 0 ? begin + size : begin, to = end < 0 ? end + size : end;
    auto shown = [](int64_t value, int64_t adjusted) {
      return value < 0 ? std::to_string(adjusted) + " (" + std::to_string(value) + ")" : std::to_string(value);
    };
    if (from != to && (from < 0 || from >= size))
      return c.fail() << "Invalid begin index for dimension " << i << ". Expected value in range [" << -size << ", "
                      << size << "), got " << begin << ". Input shape: " << shape;
    if (from != to && (to < 0 || to > size))
      return c.fail() << "Invalid end index for dimension " << i << ". Expected value in range [" << -size << ", "
                      << size << "], got " << end << ". Input shape: " << shape;
    if (step == 0)
      return c.fail() << "Step value for dimension " << i << " cannot be zero";
    if ((step > 0 && from > to) || (step < 0 && from < to))
      return c.fail() << "For " << (step > 0 ? "positive" : "negative") << " step, begin index must be "
                      << (step > 0 ? "less" : "greater") << " than or equal to end index for dimension " << i
                      << ". Got begin: " << shown(begin, from) << ", end: " << shown(end, to) << ", step: " << step
                      << ", input shape: " << shape;
    int64_t expected = (std::abs(to - from) + std::abs(step) - 1) / std::abs(step);
    if (result[i] != expected)
      return c.fail() << "Mismatch in dimension " << i << " of the output tensor: expected size " << expected
                      << ", but got " << result[i];
  }
  return success();
}

namespace {
SmallVector<int64_t> values(ArrayAttr array) {
  return llvm::to_vector(llvm::map_range(array, [](Attribute a) { return cast<IntegerAttr>(a).getInt(); }));
}

ArrayAttr i32Attr(MLIRContext *context, ArrayRef<int64_t> array) {
  auto i32 = IntegerType::get(context, 32);
  return ArrayAttr::get(context, llvm::to_vector(llvm::map_range(array, [&](int64_t v) -> Attribute {
                          return IntegerAttr::get(i32, v);
                        })));
}

// Slice `inner` (begins, steps of a positive-step slice of a tensor of `shape`) then `outer`
// as one slice of inner's input, in place; false when a step is negative.
bool composeSlices(SliceStaticOp outer, SliceStaticOp inner) {
  ArrayRef<int64_t> shape = inner.getInput().getType().getShape(), middle = inner.getType().getShape();
  ArrayRef<int64_t> result = outer.getType().getShape();
  SmallVector<int64_t> b1 = values(inner.getBegins()), s1 = values(inner.getStep());
  SmallVector<int64_t> b2 = values(outer.getBegins()), e2 = values(outer.getEnds()), s2 = values(outer.getStep());
  SmallVector<int64_t> begins, ends, steps;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (s1[i] < 0 || s2[i] < 0)
      return false;
    int64_t start = b1[i] < 0 ? b1[i] + shape[i] : b1[i];
    int64_t end = e2[i] < 0 ? e2[i] + middle[i] : e2[i];
    begins.push_back(result[i] ? start + (b2[i] < 0 ? b2[i] + middle[i] : b2[i]) * s1[i] : 0);
    ends.push_back(result[i] ? start + (end - 1) * s1[i] + 1 : 0);  // tt-mlir's end: within the input
    steps.push_back(s1[i] * s2[i]);
  }
  MLIRContext *context = outer.getContext();
  outer.getInputMutable().assign(inner.getInput());
  outer.setBeginsAttr(i32Attr(context, begins));
  outer.setEndsAttr(i32Attr(context, ends));
  outer.setStepAttr(i32Attr(context, steps));
  return true;
}
} // namespace

// A slice of a slice with one use as one slice; the whole input (tt-mlir's folds). A result of
// the input's type is the whole input: a dim of size n > 1 keeps n elements only from 0 to n by 1
// (a negative step keeps at most n - 1).
OpFoldResult SliceStaticOp::fold(FoldAdaptor) {
  auto inner = getInput().getDefiningOp<SliceStaticOp>();
  if (inner && inner->hasOneUse() && composeSlices(*this, inner))
    return getResult();
  return getInput().getType() == getType() ? OpFoldResult(getInput()) : OpFoldResult();
}

OpFoldResult PermuteOp::fold(FoldAdaptor) {
  if (llvm::is_sorted(getPermutation()) && getInput().getType() == getType())
    return getInput();
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  int64_t rank = getInput().getType().getRank();
  if (normalized(getDim0(), rank) == normalized(getDim1(), rank) && getInput().getType() == getType())
    return getInput();
  return {};
}
