// The backward ops' verifier: ttnn's rules for every signature class, one message per
// broken rule. Operand and result names are the op's (TTIRBackwardOps.td).
#include "TTIRBackwardVerify.h"
#include "TTIRVerify.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace ttbw::ttir;
using namespace ttbw::ttir::verify;

namespace {

std::string dtypeName(const TensorDesc &t) {
  return t.isComplex ? "complex<" + t.dataType + ">" : t.dataType;
}

// 'a', 'b' and 'c'
std::string quotedList(ArrayRef<std::string> names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      out += i + 1 == names.size() ? " and " : ", ";
    out += "'" + names[i] + "'";
  }
  return out;
}

std::string join(ArrayRef<int32_t> values) {
  return llvm::join(llvm::map_range(values, [](int32_t v) { return std::to_string(v); }), ", ");
}

const char *countWord(size_t n) {
  static const char *words[] = {"zero", "one", "two", "three", "four"};
  return n < 5 ? words[n] : "several";
}

} // namespace

LogicalResult ttbw::ttir::verify::checkGradientType(Checker &c, StringRef what, const TensorDesc &got,
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

LogicalResult ttbw::ttir::verify::checkMemoryConfig(Checker &c, Attribute attr) {
  if (!attr)
    return success();
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
  return success();
}

// The signature's complex forms: which tensors are complex ('grad', then the tensor operands;
// a scalar operand is real).
static LogicalResult checkComplexForm(Checker &c, const BackwardSignature &s, const TensorDesc &grad,
                                      ArrayRef<std::optional<TensorDesc>> operands) {
  StringRef opName = c.op->getName().stripDialect();
  bool anyComplex = grad.isComplex, operandsComplex = true;
  for (const auto &operand : operands) {
    bool complex = operand && operand->isComplex;
    anyComplex |= complex;
    operandsComplex &= complex;
  }
  if (!anyComplex) {
    if (s.realForm)
      return success();
    if (s.complexForm == ComplexForm::RealGrad)
      return c.fail() << "real tensors are not supported: " << opName
                      << " takes a real 'grad' and complex operands (ttnn's ComplexTensor)";
    return c.fail() << "real tensors are not supported: " << opName << " takes complex tensors (ttnn's ComplexTensor)";
  }
  if (s.complexForm == ComplexForm::None)
    return c.fail() << "complex tensors are not supported: " << opName << " takes real tensors";
  bool matches = s.complexForm == ComplexForm::AllComplex ? grad.isComplex && operandsComplex
                                                          : !grad.isComplex && operandsComplex;
  if (matches)
    return success();
  auto kind = [](const TensorDesc &t) { return t.isComplex ? "complex" : "real"; };
  bool allComplex = s.complexForm == ComplexForm::AllComplex;
  auto diag = c.fail();
  diag << (allComplex ? "complex and real operands cannot be mixed" : "'grad' must be real and every operand complex")
       << " ('grad' is " << kind(grad);
  for (size_t i = 0; i < operands.size(); ++i) {
    diag << ", '" << s.operands[i].name << "' is ";
    if (operands[i])
      diag << kind(*operands[i]);
    else
      diag << "a real scalar";
  }
  diag << "); " << opName << " is defined for ";
  if (allComplex)
    diag << (s.realForm ? "all-real or all-complex tensors" : "all-complex tensors");
  else
    diag << "a real 'grad' of complex operands" << (s.realForm ? " or all-real tensors" : "");
  return diag;
}

LogicalResult ttbw::ttir::verify::verifyBackward(Operation *op, const BackwardSignature &s) {
  Checker c{op, /*backward=*/true};
  StringRef opName = op->getName().stripDialect();
  if (failed(c.knownAttributes()))
    return failure();
  size_t count = s.gradients.size();
  SmallVector<bool, 3> mask(count, true);
  if (s.mask) {
    auto bools = dyn_cast<DenseBoolArrayAttr>(s.mask);
    if (!bools || static_cast<size_t>(bools.size()) != count) {
      SmallVector<std::string> letters;
      for (size_t i = 0; i < count; ++i)
        letters.push_back(std::string(1, "xyzw"[i % 4]));
      return c.fail() << "'are_required_outputs' must be exactly " << countWord(count)
                      << " bools (array<i1: " << llvm::join(letters, ", ") << ">), got " << s.mask;
    }
    for (size_t i = 0; i < count; ++i)
      mask[i] = bools[i];
  }
  if (failed(checkMemoryConfig(c, s.memoryConfig)))
    return failure();

  // Operand types: tensors, or f32 scalars where the signature allows one.
  auto grad = c.tensor(s.grad, "grad");
  if (!grad)
    return failure();
  SmallVector<std::optional<TensorDesc>, 4> operands;  // nullopt: a scalar
  for (const BackwardOperand &operand : s.operands) {
    Type type = operand.value.getType();
    if (operand.scalarAllowed && !isa<ShapedType>(type)) {
      if (!s.scalarForm)
        return c.fail() << "operand '" << operand.name << "' must be a tensor (" << opName
                        << " has no scalar form), got " << str(type);
      if (!type.isF32())
        return c.fail() << "operand '" << operand.name << "' must be a tensor or an f32 scalar, got "
                        << str(type);
      operands.push_back(std::nullopt);
      continue;
    }
    auto desc = c.tensor(operand.value, operand.name);
    if (!desc)
      return failure();
    operands.push_back(std::move(desc));
  }

  if (failed(checkComplexForm(c, s, *grad, operands)))
    return failure();

  // Shapes. repeat_bw: grad is the input repeated.
  if (s.repeats) {
    const TensorDesc &input = *operands[0];
    if (s.repeats->size() < input.shape.size())
      return c.fail() << "'repeat_dimensions' has " << s.repeats->size()
                      << " entries, fewer than the rank of 'input' (" << input.shape.size() << ")";
    size_t lead = s.repeats->size() - input.shape.size();
    SmallVector<int64_t> repeated;
    for (size_t i = 0; i < s.repeats->size(); ++i) {
      int64_t times = (*s.repeats)[i];
      if (times < 0)
        return c.fail() << "'repeat_dimensions' must be non-negative, got " << times << " for dim " << i;
      repeated.push_back(times * (i < lead ? 1 : input.shape[i - lead]));
    }
    if (grad->shape != repeated)
      return c.fail() << "'grad' shape " << shapeStr(grad->shape) << " must equal the shape of 'input' ("
                      << shapeStr(input.shape) << ") repeated by 'repeat_dimensions' (" << shapeStr(repeated)
                      << ")";
  } else if (s.reduces) {
    const TensorDesc &input = *operands[0];
    int64_t rank = input.shape.size();
    SmallVector<int64_t> kept(rank, 1);
    if (s.dimArg) {
      auto given = i32Array(c, "dim_arg", s.dimArg);
      if (!given)
        return failure();
      kept.assign(input.shape.begin(), input.shape.end());
      SmallVector<int64_t> seen;
      for (int64_t d : *given) {
        if (d < -rank || d >= rank)
          return c.fail() << "'dim_arg' dim " << d << " is out of range for 'input' of rank " << rank;
        int64_t dim = (d + rank) % rank;
        if (llvm::is_contained(seen, dim))
          return c.fail() << "'dim_arg' names dim " << dim << " twice";
        seen.push_back(dim);
        kept[dim] = 1;
      }
    }
    if (grad->shape != kept && grad->shape != input.shape)  // input-shaped: ttnn's older form, g at index 0
      return c.fail() << "'grad' shape " << shapeStr(grad->shape) << " must equal the shape of 'input' ("
                      << shapeStr(input.shape) << ") with the reduced dims kept as 1 (" << shapeStr(kept)
                      << "), or the shape of 'input' (ttnn's older form: the gradient at index 0 of the reduced dims)";
  } else if (s.concatDim) {  // concat_bw: grad is input and other concatenated along the dim
    const TensorDesc &input = *operands[0], &other = *operands[1];
    int64_t rank = input.shape.size(), d = *s.concatDim;
    if (d < -rank || d >= rank)
      return c.fail() << "'dim' " << d << " is out of range for 'input' of rank " << rank;
    int64_t dim = (d + rank) % rank;
    if (other.shape.size() != input.shape.size())
      return c.fail() << "operand 'other' of shape " << shapeStr(other.shape) << " must have the rank of 'input' ("
                      << rank << ", shape " << shapeStr(input.shape) << ")";
    SmallVector<int64_t> joined(input.shape);
    for (int64_t i = 0; i < rank; ++i)
      if (i != dim && input.shape[i] != other.shape[i])
        return c.fail() << "operands 'input' " << shapeStr(input.shape) << " and 'other' " << shapeStr(other.shape)
                        << " must match in every dim but the concatenated one (" << dim << ")";
    joined[dim] += other.shape[dim];
    if (grad->shape != joined)
      return c.fail() << "'grad' shape " << shapeStr(grad->shape) << " must equal 'input' and 'other' concatenated "
                      << "along dim " << dim << " (" << shapeStr(joined) << ")";
  } else {  // grad has the broadcast shape of the tensor operands
    SmallVector<int64_t> expected;
    bool compatible = true;
    SmallVector<std::string> names;
    for (size_t i = 0; i < operands.size(); ++i) {
      names.push_back(s.operands[i].name.str());
      if (!operands[i])
        continue;
      const TensorDesc &t = *operands[i];
      StringRef name = s.operands[i].name;
      if (t.shape.size() > grad->shape.size())
        return c.fail() << "operand '" << name << "' of shape " << shapeStr(t.shape)
                        << " has a higher rank (" << t.shape.size() << ") than 'grad' ("
                        << grad->shape.size() << ", shape " << shapeStr(grad->shape) << ")";
      if (!broadcastsTo(t.shape, grad->shape))
        return c.fail() << "operand '" << name << "' of shape " << shapeStr(t.shape)
                        << " is not broadcast-compatible with 'grad' of shape " << shapeStr(grad->shape);
      if (auto shape = broadcastShapes(expected, t.shape))
        expected = *shape;
      else
        compatible = false;
    }
    if (!compatible || expected != grad->shape) {
      std::string what = names.size() == 1 ? "the shape of '" + names[0] + "'"
                                           : "the broadcast of " + quotedList(names) + " shapes";
      return c.fail() << "'grad' shape " << shapeStr(grad->shape) << " must equal " << what << " ("
                      << (compatible ? shapeStr(expected) : std::string("incompatible")) << ")";
    }
  }

  // Masks: a scalar operand has no gradient.
  for (size_t i = 0; i < operands.size(); ++i) {
    if (operands[i])
      continue;
    StringRef name = s.operands[i].name;
    if (s.mask)
      return c.fail() << "'are_required_outputs' is not accepted with a scalar '" << name
                      << "' (ttnn's scalar overload has only the input gradient)";
    for (size_t g = 0; g < count; ++g) {
      if (s.gradients[g].operand != i)
        continue;
      if (s.gradients[g].preallocated)
        return c.fail() << "a scalar '" << name << "' has no gradient: '" << s.gradients[g].name
                        << "' must not be given";
      mask[g] = false;
    }
  }
  if (llvm::none_of(mask, [](bool m) { return m; }))
    return c.fail() << "'are_required_outputs' requests no output: at least one gradient is "
                       "expected to be calculated";

  for (size_t index = 0; index < count; ++index) {
    const BackwardGradient &g = s.gradients[index];
    StringRef operandName = s.operands[g.operand].name;
    const std::optional<TensorDesc> &operand = operands[g.operand];
    if (g.preallocated && !mask[index])
      return c.fail() << "a preallocated '" << g.name
                      << "' is given for an output that is not requested (are_required_outputs["
                      << index << "] is false)";
    if (g.result && !mask[index]) {
      if (!operand)
        return c.fail() << "a scalar '" << operandName << "' has no gradient result";
      return c.fail() << "result '" << g.name << "' is present but are_required_outputs[" << index
                      << "] is false";
    }
    if (!g.result && mask[index])
      return c.fail() << "result '" << g.name << "' is missing but the output is requested";
    if (!g.result)
      continue;
    auto result = c.tensor(g.result, g.name);
    if (!result || failed(checkGradientType(c, ("result '" + g.name + "'").str(), *result,
                                            operandName, *operand)))
      return failure();
    if (!g.preallocated)
      continue;
    auto given = c.tensor(g.preallocated, g.name);
    if (!given)
      return failure();
    if (given->shape == grad->shape && given->shape != operand->shape)
      return c.fail() << "preallocated '" << g.name << "' has the shape of 'grad' ("
                      << shapeStr(given->shape) << ") but must have the shape of operand '"
                      << operandName << "' (" << shapeStr(operand->shape)
                      << "): since tt-metal #56601 a gradient has its operand's shape, not "
                         "grad's broadcast shape";
    if (failed(checkGradientType(c, ("preallocated '" + g.name + "'").str(), *given, operandName,
                                 *operand)))
      return failure();
    if (g.preallocated.getType() != g.result.getType())
      return c.fail() << "preallocated '" << g.name << "' type " << str(g.preallocated.getType())
                      << " must equal its result type " << str(g.result.getType());
  }
  return success();
}

// ODS checks that the segments add up; each one must also fit its operand.
LogicalResult ttbw::ttir::verify::verifySegments(Operation *op, ArrayRef<StringRef> fixed,
                                                 ArrayRef<int32_t> operandSegments,
                                                 ArrayRef<int32_t> resultSegments) {
  Checker c{op, /*backward=*/true};
  if (failed(c.knownAttributes()))
    return failure();
  bool ok = true;
  for (size_t i = 0; i < operandSegments.size(); ++i)
    ok &= i < fixed.size() ? operandSegments[i] == 1 : operandSegments[i] <= 1;
  for (int32_t size : resultSegments)
    ok &= size <= 1;
  if (ok)
    return success();
  SmallVector<std::string> names;
  for (StringRef name : fixed)
    names.push_back(name.str());
  return c.fail() << "segment sizes must be 1 for " << quotedList(names)
                  << " and 0 or 1 for the optional operands and results, got operandSegmentSizes = "
                     "array<i32: " << join(operandSegments) << ">, resultSegmentSizes = array<i32: "
                  << join(resultSegments) << ">";
}

LogicalResult ttbw::ttir::verify::checkOneOf(Operation *op, StringRef name, Attribute attr,
                                             ArrayRef<StringRef> allowed) {
  if (!attr)
    return success();
  auto text = dyn_cast<StringAttr>(attr);
  if (text && llvm::is_contained(allowed, text.getValue()))
    return success();
  SmallVector<std::string> quoted;
  for (StringRef value : allowed)
    quoted.push_back("\"" + value.str() + "\"");
  return op->emitOpError() << "'" << name << "' must be one of " << llvm::join(quoted, ", ")
                           << " (or absent), got " << attr;
}

static bool takesComplex(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && isa<ComplexType>(shaped.getElementType());
  });
}

LogicalResult ttbw::ttir::verify::checkComplexOnly(Operation *op, StringRef name, Attribute attr,
                                                   StringRef realOp) {
  if (!attr || takesComplex(op))
    return success();
  return op->emitOpError() << "'" << name << "' is accepted only with complex tensors (ttnn's "
                           << "ComplexTensor overload); for real tensors use " << realOp;
}

LogicalResult ttbw::ttir::verify::checkRoundMode(Operation *op, Attribute attr) {
  if (failed(checkOneOf(op, "round_mode", attr, {"trunc", "floor"})))
    return failure();
  if (attr && takesComplex(op))
    return op->emitOpError() << "'round_mode' is not accepted with complex tensors (ttnn's "
                                "ComplexTensor div_bw has none)";
  return success();
}

LogicalResult ttbw::ttir::verify::checkAnyPresent(Operation *op, ArrayRef<StringRef> names,
                                                  ArrayRef<Attribute> attrs) {
  if (llvm::any_of(attrs, [](Attribute attr) { return bool(attr); }))
    return success();
  SmallVector<std::string> quoted;
  for (StringRef name : names)
    quoted.push_back("'" + name.str() + "'");
  return op->emitOpError() << "needs at least one of " << llvm::join(quoted, ", ");
}

LogicalResult ttbw::ttir::verify::checkReducedDim(Operation *op, int32_t dim) {
  auto input = cast<RankedTensorType>(op->getOperand(1).getType());
  int64_t rank = input.getRank();
  if (rank == 0)
    return op->emitOpError() << "'input' must have rank >= 1 (it is reduced along 'dim')";
  if (dim < -rank || dim >= rank)
    return op->emitOpError() << "'dim' " << dim << " is out of range for rank " << rank << " (expected "
                             << -rank << " .. " << rank - 1 << ")";
  return success();
}

LogicalResult ttbw::ttir::verify::checkIntRange(Operation *op, StringRef name, int64_t value, int64_t low,
                                                int64_t high) {
  if (value >= low && value <= high)
    return success();
  return op->emitOpError() << "'" << name << "' must be in " << low << " .. " << high << ", got " << value;
}
