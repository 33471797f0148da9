// The verifier of the normalizations' backward ops (TTIRNormBackwardOps.td): the shapes
// torch's native_layer_norm_backward / native_batch_norm_backward and ttnn's
// moreh_layer_norm_backward require, one message per broken rule.
#include "TTIRBackwardVerify.h"
#include "TTIRVerify.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace ttbw::ttir;
using namespace ttbw::ttir::verify;

namespace {

// The shapes of one normalization, from `input`'s: the statistics' (`kept`) and gamma's and the
// parameter gradients' (`param`), each with the words a message describes it by.
struct NormShapes {
  SmallVector<int64_t> kept, param;
  StringRef keptWhat, paramWhat;
};

// The operands' descriptions, or failure (a message given): grad, input, the statistics, gamma.
struct NormOperands {
  TensorDesc grad, input;
  SmallVector<TensorDesc, 2> stats;
  std::optional<TensorDesc> weight;
};

FailureOr<NormOperands> readOperands(Checker &c, Operation *op, ArrayRef<NamedValue> statistics, Value gamma,
                                     Attribute memoryConfig) {
  if (failed(checkMemoryConfig(c, memoryConfig)))
    return failure();
  auto grad = c.tensor(op->getOperand(0), "grad");
  auto input = grad ? c.tensor(op->getOperand(1), "input") : std::nullopt;
  if (!input)
    return failure();
  NormOperands found{*grad, *input, {}, std::nullopt};
  for (const NamedValue &s : statistics) {
    auto stat = c.tensor(s.value, s.name);
    if (!stat)
      return failure();
    found.stats.push_back(*stat);
  }
  if (gamma && !(found.weight = c.tensor(gamma, "gamma")))
    return failure();
  bool complex = grad->isComplex || input->isComplex || (found.weight && found.weight->isComplex) ||
                 llvm::any_of(found.stats, [](const TensorDesc &s) { return s.isComplex; });
  if (complex) {
    c.fail() << "complex tensors are not supported: " << op->getName().stripDialect() << " takes real tensors";
    return failure();
  }
  if (grad->shape != input->shape) {
    c.fail() << "'grad' shape " << shapeStr(grad->shape) << " must equal the shape of 'input' ("
             << shapeStr(input->shape) << ")";
    return failure();
  }
  return found;
}

LogicalResult checkShapes(Checker &c, const NormOperands &x, ArrayRef<NamedValue> statistics,
                          ArrayRef<NamedValue> results, const NormShapes &want) {
  for (size_t i = 0; i < x.stats.size(); ++i)
    if (x.stats[i].shape != ArrayRef<int64_t>(want.kept))
      return c.fail() << "operand '" << statistics[i].name << "' must have shape " << shapeStr(want.kept) << " ("
                      << want.keptWhat << "), got " << shapeStr(x.stats[i].shape);
  if (x.weight && x.weight->shape != ArrayRef<int64_t>(want.param))
    return c.fail() << "operand 'gamma' must have " << want.paramWhat << " " << shapeStr(want.param) << ", got "
                    << shapeStr(x.weight->shape);

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
      if (failed(checkGradientType(c, what, *result, "input", x.input)))
        return failure();
      continue;
    }
    if (result->shape != ArrayRef<int64_t>(want.param))
      return c.fail() << what << " must have " << want.paramWhat << " " << shapeStr(want.param) << ", got "
                      << shapeStr(result->shape);
    const TensorDesc &like = x.weight ? *x.weight : x.input;
    if (result->element != like.element || result->dataType != like.dataType)
      return c.fail() << what << " must have the data type of '" << (x.weight ? "gamma" : "input") << "' ("
                      << like.dataType << "), got " << result->dataType;
  }
  return success();
}

// The shared checks of one normalization whose shapes `shapesOf` derives from input's (or fails,
// a message given).
LogicalResult verifyNorm(Operation *op, ArrayRef<NamedValue> statistics, Value gamma, ArrayRef<NamedValue> results,
                         Attribute memoryConfig,
                         function_ref<FailureOr<NormShapes>(Checker &, ArrayRef<int64_t>)> shapesOf) {
  Checker c{op, /*backward=*/true};
  FailureOr<NormOperands> x = readOperands(c, op, statistics, gamma, memoryConfig);
  if (failed(x))
    return failure();
  FailureOr<NormShapes> want = shapesOf(c, x->input.shape);
  if (failed(want))
    return failure();
  return checkShapes(c, *x, statistics, results, *want);
}

} // namespace

LogicalResult ttbw::ttir::verify::verifyNormBackward(Operation *op, ArrayRef<NamedValue> statistics, Value gamma,
                                                     int32_t normalizedDims, ArrayRef<NamedValue> results,
                                                     Attribute memoryConfig) {
  return verifyNorm(op, statistics, gamma, results, memoryConfig,
                    [&](Checker &c, ArrayRef<int64_t> shape) -> FailureOr<NormShapes> {
    int64_t rank = shape.size();
    if (normalizedDims < 1 || normalizedDims > rank) {
      c.fail() << "'normalized_dims' " << normalizedDims << " is out of range for an input of rank " << rank
               << " (expected 1 .. " << rank << ")";
      return failure();
    }
    NormShapes want{SmallVector<int64_t>(shape.begin(), shape.end() - normalizedDims),
                    SmallVector<int64_t>(shape.end() - normalizedDims, shape.end()),
                    "the leading dims of 'input', 1 for each normalized dim", "the normalized shape"};
    want.kept.append(normalizedDims, 1);
    return want;
  });
}

LogicalResult ttbw::ttir::verify::verifyBatchNormBackward(Operation *op, ArrayRef<NamedValue> statistics,
                                                          Value gamma, ArrayRef<NamedValue> results,
                                                          Attribute memoryConfig) {
  return verifyNorm(op, statistics, gamma, results, memoryConfig,
                    [](Checker &c, ArrayRef<int64_t> shape) -> FailureOr<NormShapes> {
    if (shape.size() < 2) {
      c.fail() << "'input' must have rank 2 or more (batch, channels, ...), got " << shapeStr(shape);
      return failure();
    }
    SmallVector<int64_t> channels(shape.size(), 1);
    channels[1] = shape[1];
    return NormShapes{channels, channels, "1 but for the channels, dim 1 of 'input'", "the channels' keep-dim shape"};
  });
}
