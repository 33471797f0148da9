// The `ttir` dialect: registration, folders, and the C entry point that loads it
// into a Python `ir.Context` (the bindings' own MLIR, libMLIRPythonCAPI.so).
#include "TTIRDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ttbw::ttir;

#include "TTIRDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TTIRAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "TTIROps.cpp.inc"

void TTIRDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TTIRAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TTIROps.cpp.inc"
      >();
  // tt-mlir's TTIR has many ops ttbw does not define: they parse, pass through
  // and print back (properties included); the lowering refuses them at the op.
  allowUnknownOperations();
}

OpFoldResult NegOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<NegOp>())
    return inner.getInput();
  return {};
}

OpFoldResult TypecastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {  // in place
    getInputMutable().assign(inner.getInput());
    if (getInput().getType() == getType())
      return getInput();
    return getResult();
  }
  return {};
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

extern "C" __attribute__((visibility("default"))) void
ttbwLoadTTIRDialect(MlirContext context) {
  unwrap(context)->getOrLoadDialect<TTIRDialect>();
}
