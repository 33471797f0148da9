// The verifier of `ttir.mul_bw`: ttnn.mul_bw's rules, one message per broken rule.
#include "TTIRVerify.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace ttbw::ttir;
using namespace ttbw::ttir::verify;

namespace {

std::string dtypeName(const TensorDesc &t) {
  return t.isComplex ? "complex<" + t.dataType + ">" : t.dataType;
}

LogicalResult checkGradientType(Checker &c, StringRef what, const TensorDesc &got,
                                StringRef operandName, const TensorDesc &operand) {
  if (got.shape != operand.shape)
    return c.fail() << what << " must have the shape of operand '" << operandName << "' ("
                    << shapeStr(operand.shape) << "), got " << shapeStr(got.shape);
  if (got.element != operand.element || got.isComplex != operand.isComplex ||
      got.dataType != operand.dataType)
    return c.fail() << what << " must have the data type of operand '" << operandName << "' ("
                    << dtypeName(operand) << "), got " << dtypeName(got);
  return success();
}

} // namespace

LogicalResult MulBwOp::verify() {
  Checker c{*this};
  if (failed(c.knownAttributes()))
    return failure();
  // ODS checks that the segments add up; each one must also fit its operand.
  ArrayRef<int32_t> operandSegments = getProperties().operandSegmentSizes;
  ArrayRef<int32_t> resultSegments = getProperties().resultSegmentSizes;
  if (operandSegments[0] != 1 || operandSegments[1] != 1 || operandSegments[2] != 1 ||
      operandSegments[3] > 1 || operandSegments[4] > 1 || resultSegments[0] > 1 ||
      resultSegments[1] > 1)
    return c.fail() << "segment sizes must be 1 for 'grad', 'input' and 'other' and 0 or 1 for "
                       "the optional operands and results, got operandSegmentSizes = array<i32: "
                    << llvm::join(llvm::map_range(operandSegments, [](int32_t v) { return std::to_string(v); }), ", ")
                    << ">, resultSegmentSizes = array<i32: "
                    << llvm::join(llvm::map_range(resultSegments, [](int32_t v) { return std::to_string(v); }), ", ")
                    << ">";
  // Attributes.
  bool mask[2] = {true, true};
  if (Attribute attr = getAreRequiredOutputsAttr()) {
    auto bools = dyn_cast<DenseBoolArrayAttr>(attr);
    if (!bools || bools.size() != 2)
      return c.fail() << "'are_required_outputs' must be exactly two bools (array<i1: x, y>), got "
                      << attr;
    mask[0] = bools[0];
    mask[1] = bools[1];
  }
  if (Attribute attr = getMemoryConfigAttr()) {
    auto config = dyn_cast<MemoryConfigAttr>(attr);
    if (!config)
      return c.fail() << "unknown memory_config " << attr
                      << "; expected #ttir.memory_config<\"dram\"|\"l1\", \"interleaved\">";
    StringRef buffer = config.getBufferType(), layout = config.getMemoryLayout();
    if (buffer != "dram" && buffer != "l1")
      return c.fail() << "unknown memory_config buffer type \"" << buffer << "\"; expected dram or l1";
    if (layout != "interleaved")
      return c.fail() << "unsupported memory_config memory layout \"" << layout
                      << "\"; expected interleaved";
  }

  // Operand types.
  auto grad = c.tensor(getGrad(), "grad");
  if (!grad)
    return failure();
  auto a = c.tensor(getInput(), "input");
  if (!a)
    return failure();
  Type otherType = getOther().getType();
  bool scalar = !isa<ShapedType>(otherType);
  std::optional<TensorDesc> b;
  if (scalar) {
    if (!otherType.isF32())
      return c.fail() << "operand 'other' must be a tensor or an f32 scalar, got " << str(otherType);
  } else if (!(b = c.tensor(getOther(), "other"))) {
    return failure();
  }

  // Complex (ttnn's ComplexTensor) is defined only when every tensor is complex.
  bool mixed = grad->isComplex != a->isComplex || (b && b->isComplex != grad->isComplex) ||
               (scalar && a->isComplex);
  if (mixed) {
    auto kind = [](const TensorDesc &t) { return t.isComplex ? "complex" : "real"; };
    auto diag = c.fail();
    diag << "complex and real operands cannot be mixed ('grad' is " << kind(*grad)
         << ", 'input' is " << kind(*a);
    if (b)
      diag << ", 'other' is " << kind(*b);
    else
      diag << ", 'other' is a real scalar";
    diag << "); mul_bw is defined for all-real or all-complex tensors";
    return diag;
  }

  // Shapes: grad has the broadcast shape of input and other.
  for (auto [name, t] : {std::pair<StringRef, const TensorDesc *>{"input", &*a},
                         std::pair<StringRef, const TensorDesc *>{"other", b ? &*b : nullptr}}) {
    if (!t)
      continue;
    if (t->shape.size() > grad->shape.size())
      return c.fail() << "operand '" << name << "' of shape " << shapeStr(t->shape)
                      << " has a higher rank (" << t->shape.size() << ") than 'grad' ("
                      << grad->shape.size() << ", shape " << shapeStr(grad->shape) << ")";
    if (!broadcastsTo(t->shape, grad->shape))
      return c.fail() << "operand '" << name << "' of shape " << shapeStr(t->shape)
                      << " is not broadcast-compatible with 'grad' of shape " << shapeStr(grad->shape);
  }
  std::optional<SmallVector<int64_t>> expected =
      b ? broadcastShapes(a->shape, b->shape) : std::optional<SmallVector<int64_t>>(a->shape);
  if (!expected || *expected != grad->shape)
    return c.fail() << "'grad' shape " << shapeStr(grad->shape)
                    << " must equal the broadcast of 'input' and 'other' shapes ("
                    << (expected ? shapeStr(*expected) : std::string("incompatible")) << ")";

  // Masks.
  if (scalar) {
    if (getAreRequiredOutputsAttr())
      return c.fail() << "'are_required_outputs' is not accepted with a scalar 'other' (ttnn's "
                         "scalar overload has only the input gradient)";
    if (getOtherGrad())
      return c.fail() << "a scalar 'other' has no gradient: 'other_grad' must not be given";
    mask[0] = true;
    mask[1] = false;
  }
  if (!mask[0] && !mask[1])
    return c.fail() << "'are_required_outputs' requests no output: at least one gradient is "
                       "expected to be calculated";

  struct Gradient {
    StringRef name, operandName;
    const TensorDesc *operand;
    Value result, preallocated;
  } gradients[2] = {
      {"input_grad", "input", &*a, getInputGradResult(), getInputGrad()},
      {"other_grad", "other", b ? &*b : nullptr, getOtherGradResult(), getOtherGrad()}};
  for (int index = 0; index < 2; ++index) {
    const Gradient &g = gradients[index];
    if (g.preallocated && !mask[index])
      return c.fail() << "a preallocated '" << g.name
                      << "' is given for an output that is not requested (are_required_outputs["
                      << index << "] is false)";
    if (g.result && !mask[index]) {
      if (!g.operand)
        return c.fail() << "a scalar 'other' has no gradient result";
      return c.fail() << "result '" << g.name << "' is present but are_required_outputs[" << index
                      << "] is false";
    }
    if (!g.result && mask[index])
      return c.fail() << "result '" << g.name << "' is missing but the output is requested";
    if (!g.result)
      continue;
    auto result = c.tensor(g.result, g.name);
    if (!result || failed(checkGradientType(c, ("result '" + g.name + "'").str(), *result,
                                            g.operandName, *g.operand)))
      return failure();
    if (!g.preallocated)
      continue;
    auto given = c.tensor(g.preallocated, g.name);
    if (!given)
      return failure();
    if (given->shape == grad->shape && given->shape != g.operand->shape)
      return c.fail() << "preallocated '" << g.name << "' has the shape of 'grad' ("
                      << shapeStr(given->shape) << ") but must have the shape of operand '"
                      << g.operandName << "' (" << shapeStr(g.operand->shape)
                      << "): since tt-metal #56601 a gradient has its operand's shape, not "
                         "grad's broadcast shape";
    if (failed(checkGradientType(c, ("preallocated '" + g.name + "'").str(), *given,
                                 g.operandName, *g.operand)))
      return failure();
    if (g.preallocated.getType() != g.result.getType())
      return c.fail() << "preallocated '" << g.name << "' type " << str(g.preallocated.getType())
                      << " must equal its result type " << str(g.result.getType());
  }
  return success();
}
