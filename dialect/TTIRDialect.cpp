// The `ttir` dialect: registration, folders, and the C entry points the Python side calls
// (the bindings' own MLIR, libMLIRPythonCAPI.so): loading the dialect, renaming locations.
#include "TTIRDialect.h"
#include "TTIRBackwardVerify.h"
#include "TTIRVerify.h"
#include "ForeignDialects.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/IR/Action.h"
#include "mlir/IR/Unit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

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

// An IR unit as MLIR's action logger prints it (IRUnit::print, which the bindings' library
// does not export): ops without their regions.
static void printUnit(llvm::raw_ostream &os, const IRUnit &unit) {
  OpPrintingFlags flags = OpPrintingFlags().skipRegions().useLocalScope();
  if (auto *op = llvm::dyn_cast_if_present<Operation *>(unit)) {
    op->print(os, flags);
  } else if (auto *region = llvm::dyn_cast_if_present<Region *>(unit)) {
    os << "Region #" << region->getRegionNumber() << " for op ";
    region->getParentOp()->print(os, flags);
  } else if (auto *block = llvm::dyn_cast_if_present<Block *>(unit)) {
    unsigned index = 0;
    for (Block &other : *block->getParent()) {
      if (&other == block)
        break;
      ++index;
    }
    os << "Block #" << index << " for ";
    printUnit(os, block->getParent());
  } else if (auto value = llvm::dyn_cast_if_present<Value>(unit)) {
    value.print(os, flags);
  }
}

// --log-actions-to: every action MLIR runs in `context` (a pass on an op, a greedy rewrite
// iteration) logged to the open file `fd` as mlir-opt's action logger writes it, one line when it
// begins and one when it completes. Unbuffered: ttbw's Python passes log to the same file.
extern "C" __attribute__((visibility("default"))) void ttbwLogActions(MlirContext context, int fd) {
  auto os = std::make_shared<llvm::raw_fd_ostream>(fd, /*shouldClose=*/false, /*unbuffered=*/true);
  unwrap(context)->registerActionHandler([os](function_ref<void()> transform, const tracing::Action &action) {
    SmallString<32> thread;
    llvm::get_thread_name(thread);
    *os << "[thread " << thread << "] begins (no breakpoint) Action ";
    action.print(*os);
    *os << " (";
    llvm::interleaveComma(action.getContextIRUnits(), *os, [&](const IRUnit &unit) { printUnit(*os, unit); });
    *os << ")`\n";
    transform();
    *os << "[thread " << thread << "] completed `" << action.getTag() << "`\n";
  });
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
