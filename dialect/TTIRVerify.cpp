// Verifiers of the `ttir` ops: the rules ODS constraints cannot say, with
// messages that name the operand and the rule. They run in every pass manager.
#include "TTIRVerify.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace mlir;
using namespace ttbw::ttir;
using namespace ttbw::ttir::verify;

// Shared with TTIRMulBwVerify.cpp (declared in TTIRVerify.h) and used here.
namespace ttbw::ttir::verify {

LogicalResult Checker::knownAttributes() {
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (!attr.getName().getValue().contains('.')) {
      auto names = llvm::map_range(op->getRegisteredInfo()->getAttributeNames(),
                                   [](StringAttr name) { return name.getValue(); });
      SmallVector<StringRef> known(llvm::make_filter_range(names, [](StringRef name) {
        return !name.ends_with("SegmentSizes");
      }));
      return fail() << "unknown attribute '" << attr.getName().getValue() << "' (its attributes: "
                    << (known.empty() ? std::string("none") : llvm::join(known, ", ")) << ")";
    }
  return success();
}

std::string shapeStr(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar (rank 0)";
  return llvm::join(llvm::map_range(shape, [](int64_t d) { return std::to_string(d); }), "x");
}

// A shape as tt-mlir's verifiers write one: (128, 16), () for a scalar.
std::string tupleStr(ArrayRef<int64_t> values) {
  return "(" + llvm::join(llvm::map_range(values, [](int64_t d) { return std::to_string(d); }), ", ") + ")";
}

bool allowedStorage(StringRef element, StringRef dataType) {
  if (element == "bf16")
    return dataType == "bf16" || dataType == "bfp_bf8";
  return dataType == "f32";
}

std::optional<TensorDesc> describe(Type type, std::string &error, bool device) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    error = "expected a ranked tensor, got " + str(type);
    return std::nullopt;
  }
  if (!tensor.hasStaticShape()) {
    error = "dynamic dimensions are not supported: " + str(type);
    return std::nullopt;
  }
  TensorDesc desc;
  desc.element = tensor.getElementType();
  if (auto complex = dyn_cast<ComplexType>(desc.element)) {
    desc.element = complex.getElementType();
    desc.isComplex = true;
  }
  Attribute encoding = tensor.getEncoding();
  if (!device && (!(desc.element.isBF16() || desc.element.isF32()) ||
                  (encoding && !isa<LayoutAttr>(encoding)))) {
    desc.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    return desc;  // tt-mlir's types: no data type, no layout
  }
  if (!isa<FloatType>(desc.element)) {
    error = "element type " + str(tensor.getElementType()) +
            " is not a floating-point type: a backward op (and ttbw's lowering) takes floating-point "
            "(or complex) tensors; gradients exist only for them";
    return std::nullopt;
  }
  if (!desc.element.isBF16() && !desc.element.isF32()) {
    error = "floating-point element type " + str(desc.element) +
            " is not supported; expected bf16 or f32 (or complex of them)";
    return std::nullopt;
  }
  StringRef element = desc.element.isBF16() ? "bf16" : "f32";
  desc.dataType = element.str();
  desc.layout = "tile";
  if (encoding) {
    auto layout = dyn_cast<LayoutAttr>(encoding);
    if (!layout) {
      error = "unknown tensor encoding " + str(encoding) +
              "; expected #ttir.layout<\"<data type>\", \"<layout>\">";
      return std::nullopt;
    }
    desc.dataType = layout.getDataType().str();
    desc.layout = layout.getLayout().str();
  }
  desc.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  if (desc.dataType != "bf16" && desc.dataType != "f32" && desc.dataType != "bfp_bf8") {
    error = "unknown data type \"" + desc.dataType + "\"; expected one of bf16, f32, bfp_bf8";
    return std::nullopt;
  }
  if (desc.layout != "tile" && desc.layout != "row_major") {
    error = "unknown layout \"" + desc.layout + "\"; expected one of tile, row_major";
    return std::nullopt;
  }
  if (!allowedStorage(element, desc.dataType)) {
    error = "data type " + desc.dataType + " cannot hold element type " + element.str() + " (allowed: " +
            (element == "bf16" ? "bf16, bfp_bf8" : "f32") + ")";
    return std::nullopt;
  }
  if (desc.dataType == "bfp_bf8" && desc.layout != "tile") {
    error = "bfloat8_b is only supported on TILE layout";
    return std::nullopt;
  }
  return desc;
}

// The reading above for Python (ttbw.dialect.tensor_types.describe), so the data-type and
// layout rules live only here. Returns true and fills `out`, or false with the rule the type
// breaks in `error` (NUL-terminated, cut to `errorSize`; `errorLength`: its full length).
struct TtbwTensorDesc {
  char element[8], dataType[16], layout[16];
  int isComplex;
};

extern "C" __attribute__((visibility("default"))) bool
ttbwDescribeTensorType(MlirType type, TtbwTensorDesc *out, char *error, size_t errorSize,
                       size_t *errorLength) {
  std::string message;
  auto desc = describe(unwrap(type), message);
  auto copy = [](const std::string &text, char *to, size_t size) {
    size_t length = std::min(text.size(), size - 1);
    std::memcpy(to, text.data(), length);
    to[length] = 0;
  };
  if (!desc) {
    *errorLength = message.size();
    copy(message, error, errorSize);
    return false;
  }
  copy(desc->element.isBF16() ? "bf16" : "f32", out->element, sizeof(out->element));
  copy(desc->dataType, out->dataType, sizeof(out->dataType));
  copy(desc->layout, out->layout, sizeof(out->layout));
  out->isComplex = desc->isComplex;
  return true;
}

std::optional<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs) {
  size_t rank = std::max(lhs.size(), rhs.size());
  SmallVector<int64_t> out;
  for (size_t i = 0; i < rank; ++i) {
    int64_t l = i + lhs.size() >= rank ? lhs[i + lhs.size() - rank] : 1;
    int64_t r = i + rhs.size() >= rank ? rhs[i + rhs.size() - rank] : 1;
    if (l != r && l != 1 && r != 1)
      return std::nullopt;
    out.push_back(l == 0 || r == 0 ? 0 : std::max(l, r));
  }
  return out;
}

bool broadcastsTo(ArrayRef<int64_t> operand, ArrayRef<int64_t> target) {
  if (operand.size() > target.size())
    return false;
  size_t lead = target.size() - operand.size();
  for (size_t i = 0; i < operand.size(); ++i)
    if (operand[i] != target[lead + i] && operand[i] != 1)
      return false;
  return true;
}

int64_t volume(ArrayRef<int64_t> shape) {
  int64_t v = 1;
  for (int64_t d : shape)
    v *= d;
  return v;
}

LogicalResult sameElement(Checker &c, StringRef aName, const TensorDesc &a, StringRef bName,
                          const TensorDesc &b) {
  if (a.element != b.element || a.isComplex != b.isComplex)
    return c.fail() << "'" << aName << "' and '" << bName
                    << "' must have the same element type (use ttir.typecast to convert)";
  return success();
}

std::optional<SmallVector<int64_t>> i32Array(Checker &c, StringRef name, Attribute attr) {
  SmallVector<int64_t> values;
  auto array = dyn_cast<ArrayAttr>(attr);
  bool ok = static_cast<bool>(array);
  for (Attribute element : ok ? array.getValue() : ArrayRef<Attribute>()) {
    auto integer = dyn_cast<IntegerAttr>(element);
    if (!integer || !integer.getType().isSignlessInteger(32)) {
      ok = false;
      break;
    }
    values.push_back(integer.getInt());
  }
  if (!ok) {
    c.fail() << "'" << name << "' must be an array of i32 (e.g. [1 : i32]), got " << attr;
    return std::nullopt;
  }
  return values;
}

ArrayRef<int64_t> shapeOf(Value value) { return cast<RankedTensorType>(value.getType()).getShape(); }

LogicalResult verifyBroadcastable(Operation *op, ValueRange operands) {
  SmallVector<int64_t> shape;
  for (Value operand : operands) {
    auto next = broadcastShapes(shape, shapeOf(operand));
    if (!next)
      return op->emitOpError() << "operand shape " << tupleStr(shapeOf(operand))
                               << " is not broadcast compatible with inferred operand shapes " << tupleStr(shape);
    shape = *next;
  }
  ArrayRef<int64_t> result = shapeOf(op->getResult(0));
  if (result != ArrayRef<int64_t>(shape))
    return op->emitOpError() << "result shape " << tupleStr(result) << " doesn't match expected shape after broadcasting "
                             << tupleStr(shape);
  return success();
}

// Binary elementwise ops. Full: each tensor described (a forward op's: any element type and
// encoding tt-mlir's ops take); SameElements: shapes, then as Full for the element types;
// ShapesOnly: the comparisons. Real element types may differ, as in tt-mlir (a si32 + f32
// add; the lowering widens each operand to its opmath, or refuses a non-float one at the op);
// a complex op keeps one element type, a real factor or divisor of the result's part type
// excepted (multiply and div: a real scale, which ttir-expand-complex expands).
enum class Rules { Full, SameElements, ShapesOnly };

// Whether `operand` scales a complex `result`: a real tensor of the result's part type.
bool scalesComplex(Type operand, Type result) {
  auto complex = dyn_cast<ComplexType>(getElementTypeOrSelf(result));
  return complex && getElementTypeOrSelf(operand) == complex.getElementType();
}

LogicalResult verifyBinary(Operation *op, Rules rules, bool scales = false) {
  Checker c{op};
  if (failed(c.knownAttributes()))
    return failure();
  Value lhsValue = op->getOperand(0), rhsValue = op->getOperand(1), resultValue = op->getResult(0);
  std::optional<TensorDesc> lhs, rhs, result;
  if (rules == Rules::Full) {
    if (!(lhs = c.tensor(lhsValue, "lhs")) || !(rhs = c.tensor(rhsValue, "rhs")) ||
        !(result = c.tensor(resultValue, "result")))
      return failure();
  }
  if (failed(verifyBroadcastable(op, {lhsValue, rhsValue})))
    return failure();
  Type resultType = resultValue.getType();
  bool complex = llvm::any_of(op->getOperandTypes(), [](Type t) {
    return isa<ComplexType>(getElementTypeOrSelf(t));
  }) || isa<ComplexType>(getElementTypeOrSelf(resultType));
  if (rules == Rules::ShapesOnly || !complex)
    return success();
  bool lhsScales = scales && scalesComplex(lhsValue.getType(), resultType);
  bool rhsScales = scales && !lhsScales && scalesComplex(rhsValue.getType(), resultType);
  if (rules == Rules::Full)
    return failure((!lhsScales && failed(sameElement(c, "lhs", *lhs, "result", *result))) ||
                   (!rhsScales && failed(sameElement(c, "rhs", *rhs, "result", *result))));
  Type element = getElementTypeOrSelf(resultType);
  if ((!lhsScales && getElementTypeOrSelf(lhsValue.getType()) != element) ||
      (!rhsScales && getElementTypeOrSelf(rhsValue.getType()) != element))
    return c.fail() << "'lhs', 'rhs' and 'result' must have the same element type "
                       "(use ttir.typecast to convert)";
  return success();
}

LogicalResult verifyUnarySameType(Checker &c, Value input, Value result) {
  if (input.getType() != result.getType())
    return c.fail() << "result type " << str(result.getType()) << " must equal the input type "
                    << str(input.getType());
  return success(c.tensor(input, "input").has_value());
}

// sum / mean / max: dims in [-rank, rank), unique; result shape = input with the
// reduced dims removed (or 1 with keep_dim). tt-mlir's messages; unlike tt-mlir, a dim
// named twice (1 and -1 of a rank-2 tensor) is a repeat.
LogicalResult verifyReduction(Operation *op, bool keepDim, Attribute dimArg, Rules rules) {
  Checker c{op};
  if (failed(c.knownAttributes()))
    return failure();
  Value input = op->getOperand(0), result = op->getResult(0);
  std::optional<TensorDesc> source, target;
  if (rules == Rules::Full &&
      (!(source = c.tensor(input, "input")) || !(target = c.tensor(result, "result"))))
    return failure();
  ArrayRef<int64_t> shape = shapeOf(input);
  int64_t rank = shape.size();
  SmallVector<int64_t> dims;
  if (dimArg) {
    auto given = i32Array(c, "dim_arg", dimArg);
    if (!given)
      return failure();
    for (int64_t d : *given) {
      if (d < -rank || d >= rank)
        return c.fail() << "Reduce dimension " << d << " is out of range for input tensor of rank " << rank;
      dims.push_back(rank ? ((d % rank) + rank) % rank : d);
    }
    SmallVector<int64_t> sorted(dims);
    llvm::sort(sorted);
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      return c.fail() << "Reduce dimensions are not unique";
  } else {
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(i);
  }
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < rank; ++i) {
    bool reduced = llvm::is_contained(dims, i);
    if (!reduced)
      expected.push_back(shape[i]);
    else if (keepDim)
      expected.push_back(1);
  }
  if (ArrayRef<int64_t>(expected) != shapeOf(result))
    return c.fail() << "Expected output shape " << tupleStr(expected) << ", got " << tupleStr(shapeOf(result));
  if (rules == Rules::Full)
    return sameElement(c, "input", *source, "result", *target);
  return success();
}

} // namespace ttbw::ttir::verify

//===----------------------------------------------------------------------===//

LogicalResult MultiplyOp::verify() { return verifyBinary(*this, Rules::Full, /*scales=*/true); }
LogicalResult AddOp::verify() { return verifyBinary(*this, Rules::Full); }
LogicalResult SubtractOp::verify() { return verifyBinary(*this, Rules::Full); }
LogicalResult DivOp::verify() { return verifyBinary(*this, Rules::SameElements, /*scales=*/true); }
LogicalResult MaximumOp::verify() { return verifyBinary(*this, Rules::SameElements); }
LogicalResult MinimumOp::verify() { return verifyBinary(*this, Rules::SameElements); }
LogicalResult PowOp::verify() { return verifyBinary(*this, Rules::SameElements); }
LogicalResult EqualOp::verify() { return verifyBinary(*this, Rules::ShapesOnly); }
LogicalResult NotEqualOp::verify() { return verifyBinary(*this, Rules::ShapesOnly); }
LogicalResult GreaterThanOp::verify() { return verifyBinary(*this, Rules::ShapesOnly); }
LogicalResult GreaterEqualOp::verify() { return verifyBinary(*this, Rules::ShapesOnly); }
LogicalResult LessThanOp::verify() { return verifyBinary(*this, Rules::ShapesOnly); }
LogicalResult LessEqualOp::verify() { return verifyBinary(*this, Rules::ShapesOnly); }

LogicalResult WhereOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  return verifyBroadcastable(*this, {getFirst(), getSecond(), getThird()});
}

LogicalResult NegOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  return verifyUnarySameType(c, getInput(), getResult());
}

LogicalResult ConjOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  if (failed(verifyUnarySameType(c, getInput(), getResult())))
    return failure();
  std::string error;
  if (!describe(getInput().getType(), error, /*device=*/false)->isComplex)
    return c.fail() << "operand 'input' must be a complex tensor";
  return success();
}

// The complex type whose parts have type `part` (its shape and encoding).
static RankedTensorType complexOf(RankedTensorType part) {
  return RankedTensorType::get(part.getShape(), ComplexType::get(part.getElementType()), part.getEncoding());
}

// real / imag / complex exist only between the decomposition and ttir-expand-complex, on the
// tensors backward ops take: ttbw's device rules (bf16 / f32, #ttir.layout).
LogicalResult ttbw::ttir::verify::verifyComplexPart(Operation *op, Value input, Value result) {
  Checker c{op, /*backward=*/true};
  if (failed(c.knownAttributes()))
    return failure();
  auto source = c.tensor(input, "input");
  if (!source || !c.tensor(result, "result"))
    return failure();
  if (!source->isComplex)
    return c.fail() << "operand 'input' must be a complex tensor, got " << str(input.getType());
  auto resultType = cast<RankedTensorType>(result.getType());
  if (complexOf(resultType) != input.getType())
    return c.fail() << "result type " << str(resultType) << " must be the part type of the input ("
                    << str(input.getType()) << "): its shape and encoding, of element type "
                    << str(source->element);
  return success();
}

LogicalResult ComplexOp::verify() {
  Checker c{*this, /*backward=*/true};
  if (failed(c.knownAttributes()))
    return failure();
  auto real = c.tensor(getReal(), "real");
  if (!real || !c.tensor(getImag(), "imag") || !c.tensor(getResult(), "result"))
    return failure();
  if (real->isComplex)
    return c.fail() << "operand 'real' must be a real tensor, got " << str(getReal().getType());
  if (getImag().getType() != getReal().getType())
    return c.fail() << "operands 'real' and 'imag' must have the same type, got " << str(getReal().getType())
                    << " and " << str(getImag().getType());
  RankedTensorType expected = complexOf(cast<RankedTensorType>(getReal().getType()));
  if (getResult().getType() != expected)
    return c.fail() << "result type " << str(getResult().getType()) << " must be " << str(expected)
                    << " (the complex type of the parts)";
  return success();
}

LogicalResult TypecastOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  auto source = c.tensor(getInput(), "input");
  if (!source)
    return failure();
  auto result = c.tensor(getResult(), "result");
  if (!result)
    return failure();
  if (source->shape != result->shape)
    return c.fail() << "result shape " << shapeStr(result->shape) << " must equal the input shape "
                    << shapeStr(source->shape);
  if (source->isComplex != result->isComplex)
    return c.fail() << "typecast cannot change between complex and real";
  return success();
}

LogicalResult ReshapeOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  auto source = c.tensor(getInput(), "input");
  if (!source)
    return failure();
  auto result = c.tensor(getResult(), "result");
  if (!result)
    return failure();
  auto shape = i32Array(c, "shape", getShapeAttr());
  if (!shape)
    return failure();
  // tt-mlir's rules and messages, in its order: one `-1` may stand for a dim of the result.
  if (shape->size() != result->shape.size())
    return c.fail() << "Shape attribute size " << shape->size() << " must match output tensor rank "
                    << result->shape.size();
  if (volume(source->shape) != volume(result->shape))
    return c.fail() << "Input tensor number of elements " << volume(source->shape)
                    << " and output tensor number of elements " << volume(result->shape) << " must be the same";
  bool inferred = false;
  for (size_t i = 0; i < shape->size(); ++i) {
    int64_t d = (*shape)[i];
    if (d == -1) {
      if (inferred)
        return c.fail() << "Shape attribute must have at most one -1 element";
      inferred = true;
    } else if (d < 0) {
      return c.fail() << "All dimensions must be >= 0 except the one with -1";
    } else if (d != result->shape[i]) {
      return c.fail() << "Shape attribute " << d << " must match the output tensor shape " << result->shape[i]
                      << " at index " << i << " for dimension that is not -1";
    }
  }
  return sameElement(c, "input", *source, "result", *result);
}

LogicalResult BroadcastOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  ArrayRef<int64_t> input = shapeOf(getInput()), result = shapeOf(getResult());
  ArrayRef<int64_t> factors = getBroadcastDimensions();
  // tt-mlir's rules and messages, in its order (shapes joined by "," as tt-mlir writes them).
  auto joined = [](ArrayRef<int64_t> shape) {
    return "(" + llvm::join(llvm::map_range(shape, [](int64_t d) { return std::to_string(d); }), ",") + ")";
  };
  if (input.size() != result.size())
    return c.fail() << "Input tensor rank of " << input.size() << " does not match output tensor rank of "
                    << result.size();
  if (!broadcastShapes(input, result))
    return c.fail() << "Input tensor shape " << joined(input) << " is not broadcastable to output shape "
                    << joined(result);
  if (factors.size() != input.size())
    return c.fail() << "Input tensor rank should match output tensor rank.";
  for (size_t i = 0; i < input.size(); ++i)
    if (input[i] * factors[i] != result[i])
      return c.fail() << "Input tensor shape " << joined(input) << " index " << i << " does not broadcast to output "
                      << joined(result) << " using broadcast value " << factors[i];
  if (getElementTypeOrSelf(getInput().getType()) != getElementTypeOrSelf(getResult().getType()))
    return c.fail() << "'input' and 'result' must have the same element type";
  return success();
}

LogicalResult SumOp::verify() {
  return verifyReduction(*this, getKeepDim(), getDimArgAttr(), Rules::Full);
}
LogicalResult MeanOp::verify() {
  return verifyReduction(*this, getKeepDim(), getDimArgAttr(), Rules::ShapesOnly);
}
LogicalResult MaxOp::verify() {
  return verifyReduction(*this, getKeepDim(), getDimArgAttr(), Rules::ShapesOnly);
}

LogicalResult FullOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  auto result = c.tensor(getResult(), "result");
  if (!result)
    return failure();
  ArrayRef<int32_t> shape = getShape();
  SmallVector<int64_t> wide(shape.begin(), shape.end());
  if (wide != result->shape)  // tt-mlir's message
    return c.fail() << "expected shape " << tupleStr(result->shape) << ", got " << tupleStr(wide);
  return success();
}

LogicalResult ConstantOp::verify() {
  // tt-mlir's rules and messages: dense values (inline or a resource) of ints or floats
  if (!isa<DenseResourceElementsAttr, DenseElementsAttr>(getValue()))
    return emitOpError("value attribute must be one of DenseResourceElementsAttr or DenseElementsAttr.");
  if (!getValue().getElementType().isIntOrFloat())
    return emitOpError("value attribute must be of int or float type.");
  if (getValue().getType() != getType())
    return emitOpError() << "value type " << str(getValue().getType())
                         << " must equal the result type " << str(getType());
  return success();
}

