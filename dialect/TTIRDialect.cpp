// The `ttir` dialect: registration, folders, and the C entry points the Python side calls
// (the bindings' own MLIR, libMLIRPythonCAPI.so): loading the dialect, renaming locations.
#include "TTIRDialect.h"
#include "TTIRBackwardVerify.h"
#include "ForeignDialects.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

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
  MLIRContext *ctx = unwrap(context);
  ctx->getOrLoadDialect<TTIRDialect>();
  ctx->getOrLoadDialect<ttbw::ttcore::TTCoreDialect>();  // what tt-mlir's TTIR carries
  ctx->getOrLoadDialect<ttbw::ttnn::TTNNDialect>();
}

// Prints `root` into the file at `path` as the bindings' Operation.print does, with the flags
// mlir-opt's printing options set, one of which the C API lacks (--mlir-print-value-users:
// each value's users as a comment). `elideLimit` < 0: no limit. False if the file cannot be
// written.
extern "C" __attribute__((visibility("default"))) bool
ttbwPrintOperation(MlirOperation root, const char *path, bool debugInfo, bool generic, bool localScope,
                   int64_t elideLimit, bool valueUsers) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    return false;
  OpPrintingFlags flags;
  flags.assumeVerified();
  if (debugInfo)
    flags.enableDebugInfo();
  if (generic)
    flags.printGenericOpForm();
  if (localScope)
    flags.useLocalScope();
  if (elideLimit >= 0)
    flags.elideLargeElementsAttrs(elideLimit);
  if (valueUsers)
    flags.printValueUsers();
  unwrap(root)->print(os, flags);
  os.flush();
  bool written = !os.has_error();
  os.clear_error();  // else the stream's destructor aborts the process
  return written;
}

// The bindings parse text as the buffer "-"; the tools locate IR in the user's file. Renames
// the file of every file location under `root` (ops and block arguments) from `from` to `to`,
// keeping the start line and column. In C++ because a walk from Python, a few binding calls
// per op, cost more than parsing the text.
extern "C" __attribute__((visibility("default"))) void
ttbwRenameLocationFile(MlirOperation root, MlirStringRef from, MlirStringRef to) {
  Operation *top = unwrap(root);
  StringRef old = unwrap(from);
  StringAttr name = StringAttr::get(top->getContext(), unwrap(to));
  auto renamed = [&](Location loc) -> std::optional<Location> {
    auto file = dyn_cast<FileLineColRange>(loc);
    if (!file || file.getFilename() != old)
      return std::nullopt;
    return FileLineColLoc::get(name, file.getStartLine(), file.getStartColumn());
  };
  top->walk([&](Operation *op) {
    if (auto loc = renamed(op->getLoc()))
      op->setLoc(*loc);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          if (auto loc = renamed(argument.getLoc()))
            argument.setLoc(*loc);
  });
}
