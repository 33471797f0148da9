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
  Type element;  // bf16 or f32 (of the parts, for a complex tensor); any, for a forward op's
  bool isComplex = false;
  std::string dataType;  // bf16 | f32 | bfp_bf8; empty: a type only tt-mlir's ops take
  std::string layout;    // tile | row_major; empty as dataType
};

// Types without the quotes a diagnostic would add (the messages predate them).
template <typename T> std::string str(const T &value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return text;
}

std::string shapeStr(ArrayRef<int64_t> shape);
std::string tupleStr(ArrayRef<int64_t> values);  // (128, 16): tt-mlir's verifiers' form
std::optional<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs);
bool broadcastsTo(ArrayRef<int64_t> operand, ArrayRef<int64_t> target);
// tt-mlir's Broadcastable rule, in its words: the operands' shapes broadcast (NumPy rules) in
// turn, and to the result's shape (the elementwise ops).
LogicalResult verifyBroadcastable(Operation *op, ValueRange operands);
// ttir.real / ttir.imag: `input` a complex tensor, `result` a tensor of its part type (shape,
// part element type and encoding).
LogicalResult verifyComplexPart(Operation *op, Value input, Value result);
// The tensor's description, or the rule it breaks (in `error`). `device`: ttbw's device rules
// (bf16 / f32, #ttir.layout), which backward ops and the lowering need; otherwise a forward op's
// tensor, which takes every element type and encoding tt-mlir's ops take (int, i1, f64, ttnn
// layouts): checked by their shapes and element types only.
std::optional<TensorDesc> describe(Type type, std::string &error, bool device = true);

// A verification failure in progress: `fail(op) << ...` or a rule message.
struct Checker {
  Operation *op;
  bool backward = false;  // a backward op: its tensors follow ttbw's device rules

  InFlightDiagnostic fail() { return op->emitOpError(); }

  // A discardable attribute without a dialect prefix is a misspelled property
  // (`are_required_output`): refused rather than silently ignored.
  LogicalResult knownAttributes();

  // The tensor's description, or nullopt after reporting "operand '<role>': ..." (or
  // "result '<role>'").
  std::optional<TensorDesc> tensor(Value value, StringRef role) {
    std::string error;
    auto desc = describe(value.getType(), error, backward);
    if (!desc)
      fail() << (isa<OpResult>(value) ? "result '" : "operand '") << role << "': " << error;
    return desc;
  }
};

// The values of an i32 array attribute ([1 : i32, ...]), or nullopt after reporting.
std::optional<SmallVector<int64_t>> i32Array(Checker &c, StringRef name, Attribute attr);

} // namespace ttbw::ttir::verify

#endif // TTBW_DIALECT_TTIRVERIFY_H
