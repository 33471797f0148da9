// Shared by the `ttir` op verifiers (TTIRVerify.cpp, TTIRBackwardVerify.cpp).
#ifndef TTBW_DIALECT_TTIRVERIFY_H
#define TTBW_DIALECT_TTIRVERIFY_H

#include "TTIRDialect.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace ttbw::ttir::verify {
using namespace mlir;

// What a tensor type says (also Python's reading: tensor_types.py calls ttbwDescribeTensorType).
struct TensorDesc {
  SmallVector<int64_t> shape;
  Type element;  // bf16 or f32 (of the parts, for a complex tensor)
  bool isComplex = false;
  std::string dataType;  // bf16 | f32 | bfp_bf8
  std::string layout;    // tile | row_major
};

// Types without the quotes a diagnostic would add (the messages predate them).
template <typename T> std::string str(const T &value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return text;
}

std::string shapeStr(ArrayRef<int64_t> shape);
std::optional<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs);
bool broadcastsTo(ArrayRef<int64_t> operand, ArrayRef<int64_t> target);
// The tensor's description, or the rule it breaks (in `error`).
std::optional<TensorDesc> describe(Type type, std::string &error);

// A verification failure in progress: `fail(op) << ...` or a rule message.
struct Checker {
  Operation *op;

  InFlightDiagnostic fail() { return op->emitOpError(); }

  // A discardable attribute without a dialect prefix is a misspelled property
  // (`are_required_output`): refused rather than silently ignored.
  LogicalResult knownAttributes();

  // The tensor's description, or nullopt after reporting "operand '<role>': ...".
  std::optional<TensorDesc> tensor(Value value, StringRef role) {
    std::string error;
    auto desc = describe(value.getType(), error);
    if (!desc)
      fail() << "operand '" << role << "': " << error;
    return desc;
  }
};

} // namespace ttbw::ttir::verify

#endif // TTBW_DIALECT_TTIRVERIFY_H
