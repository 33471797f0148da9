// The verifier of the normalizations' backward ops (TTIRNormBackwardOps.td): the shapes
// torch's native_layer_norm_backward and ttnn's moreh_layer_norm_backward require, one message
// per broken rule.
#include "TTIRBackwardVerify.h"
#include "TTIRVerify.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace ttbw::ttir;
using namespace ttbw::ttir::verify;

LogicalResult ttbw::ttir::verify::verifyNormBackward(Operation *op, ArrayRef<NamedValue> statistics, Value gamma,
                                                     int32_t normalizedDims, ArrayRef<NamedValue> results,
                                                     Attribute memoryConfig) {
  Checker c{op, /*backward=*/true};
  StringRef opName = op->getName().stripDialect();
  if (failed(checkMemoryConfig(c, memoryConfig)))
    return failure();
  auto grad = c.tensor(op->getOperand(0), "grad");
  auto input = grad ? c.tensor(op->getOperand(1), "input") : std::nullopt;
  if (!input)
    return failure();
  SmallVector<std::optional<TensorDesc>, 2> stats;
  for (const NamedValue &s : statistics)
    if (!stats.emplace_back(c.tensor(s.value, s.name)))
      return failure();
  std::optional<TensorDesc> weight;
  if (gamma && !(weight = c.tensor(gamma, "gamma")))
    return failure();
  bool complex = grad->isComplex || input->isComplex || (weight && weight->isComplex) ||
                 llvm::any_of(stats, [](const auto &s) { return s->isComplex; });
  if (complex)
    return c.fail() << "complex tensors are not supported: " << opName << " takes real tensors";

  int64_t rank = input->shape.size();
  if (normalizedDims < 1 || normalizedDims > rank)
    return c.fail() << "'normalized_dims' " << normalizedDims << " is out of range for an input of rank " << rank
                    << " (expected 1 .. " << rank << ")";
  if (grad->shape != input->shape)
    return c.fail() << "'grad' shape " << shapeStr(grad->shape) << " must equal the shape of 'input' ("
                    << shapeStr(input->shape) << ")";
  ArrayRef<int64_t> shape = input->shape;
  SmallVector<int64_t> normalized(shape.end() - normalizedDims, shape.end());
  SmallVector<int64_t> kept(shape.begin(), shape.end() - normalizedDims);
  kept.append(normalizedDims, 1);
  for (size_t i = 0; i < stats.size(); ++i)
    if (stats[i]->shape != kept)
      return c.fail() << "operand '" << statistics[i].name << "' must have shape " << shapeStr(kept)
                      << " (the leading dims of 'input', 1 for each normalized dim), got " << shapeStr(stats[i]->shape);
  if (weight && weight->shape != normalized)
    return c.fail() << "operand 'gamma' must have the normalized shape " << shapeStr(normalized) << ", got "
                    << shapeStr(weight->shape);

  if (llvm::none_of(results, [](const NamedValue &r) { return bool(r.value); })) {
    SmallVector<std::string> names;
    for (const NamedValue &r : results)
      names.push_back("'" + r.name.str() + "'");
    return c.fail() << "requests no output: at least one of " << llvm::join(names, ", ") << " must be present";
  }
  for (size_t i = 0; i < results.size(); ++i) {
    if (!results[i].value)
      continue;
    auto result = c.tensor(results[i].value, results[i].name);
    if (!result)
      return failure();
    std::string what = ("result '" + results[i].name + "'").str();
    if (i == 0) {  // input_grad: input's type
      if (failed(checkGradientType(c, what, *result, "input", *input)))
        return failure();
      continue;
    }
    if (result->shape != normalized)
      return c.fail() << what << " must have the normalized shape " << shapeStr(normalized) << ", got "
                      << shapeStr(result->shape);
    const TensorDesc &like = weight ? *weight : *input;
    if (result->element != like.element || result->dataType != like.dataType)
      return c.fail() << what << " must have the data type of '" << (weight ? "gamma" : "input") << "' ("
                      << like.dataType << "), got " << result->dataType;
  }
  return success();
}
