// tt-mlir's TTIR op names at a pinned commit (TTMLIROpNames.inc, written by
// tools/ttmlir_op_names.py) and the check that every `ttir.*` op ttbw does not define is one
// of them. The dialect allows unknown operations so that tt-mlir's ops parse and pass
// through; these entry points let the tools refuse any other name at the op, with the
// closest name ttbw or tt-mlir defines.
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <string>

using namespace mlir;

namespace {
#define TTMLIR_OPS_COMMIT(sha) constexpr const char *kCommit = sha;
#define TTMLIR_OP(name)
#include "TTMLIROpNames.inc"
#undef TTMLIR_OPS_COMMIT
#undef TTMLIR_OP

#define TTMLIR_OPS_COMMIT(sha)
#define TTMLIR_OP(name) name,
constexpr const char *kNames[] = {
#include "TTMLIROpNames.inc"
};
#undef TTMLIR_OPS_COMMIT
#undef TTMLIR_OP

constexpr StringRef kPrefix = "ttir.";

bool isTTMLIROp(StringRef op) {  // `op` without the prefix; kNames is sorted
  return std::binary_search(std::begin(kNames), std::end(kNames), op,
                            [](StringRef a, StringRef b) { return a < b; });
}

// The name (without the prefix) closest to `op` among ttbw's ttir ops and tt-mlir's, if it is
// close enough to be the one meant: at most a third of its letters differ.
std::string suggest(MLIRContext *context, StringRef op) {
  std::string best;
  unsigned bestDistance = std::max<size_t>(1, (op.size() + 2) / 3) + 1;
  auto consider = [&](StringRef candidate) {
    unsigned distance = op.edit_distance(candidate, true, bestDistance);
    if (distance < bestDistance || (distance == bestDistance && !best.empty() && candidate < best)) {
      bestDistance = distance;  // ties: the first in alphabetical order, for the same output every run
      best = candidate.str();
    }
  };
  for (RegisteredOperationName name : context->getRegisteredOperations())
    if (name.getStringRef().starts_with(kPrefix))
      consider(name.getStringRef().drop_front(kPrefix.size()));
  for (const char *name : kNames)
    consider(name);
  return best;
}

FileLineColLoc fileLocation(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      found = file;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}
} // namespace

extern "C" {
// The tt-mlir commit the names come from.
__attribute__((visibility("default"))) const char *ttbwTTMLIROpsCommit() { return kCommit; }

// Writes into `out` (NUL-terminated, cut at `size`) the name closest to `name` (`ttir.x`),
// `ttir.` included, or nothing; returns its full length (0: no suggestion).
__attribute__((visibility("default"))) size_t
ttbwSuggestTTIROp(MlirContext context, MlirStringRef name, char *out, size_t size) {
  StringRef op = unwrap(name);
  op.consume_front(kPrefix);
  std::string best = suggest(unwrap(context), op);
  std::string full = best.empty() ? "" : (kPrefix + best).str();
  if (size) {
    size_t n = std::min(full.size(), size - 1);
    full.copy(out, n);
    out[n] = '\0';
  }
  return full.size();
}

// True if `name` (`ttir.x`) is one of tt-mlir's TTIR ops.
__attribute__((visibility("default"))) bool ttbwIsTTMLIROp(MlirStringRef name) {
  StringRef op = unwrap(name);
  return op.consume_front(kPrefix) && isTTMLIROp(op);
}

// Calls `report` for every op under `root` that is named `ttir.*` but is neither a ttbw op nor
// one of tt-mlir's: its name, its file location (file "" and 0:0 if it has none) and the
// suggested name ("" if none). Returns how many there were.
typedef void (*TtbwUnknownOpReport)(const char *name, const char *file, unsigned line, unsigned column,
                                    const char *suggestion);
__attribute__((visibility("default"))) size_t ttbwCheckTTIROpNames(MlirOperation root,
                                                                   TtbwUnknownOpReport report) {
  size_t count = 0;
  unwrap(root)->walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (op->isRegistered() || !name.starts_with(kPrefix) || isTTMLIROp(name.drop_front(kPrefix.size())))
      return;
    ++count;
    std::string best = suggest(op->getContext(), name.drop_front(kPrefix.size()));
    std::string suggestion = best.empty() ? "" : (kPrefix + best).str();
    FileLineColLoc loc = fileLocation(op->getLoc());
    std::string file = loc ? loc.getFilename().str() : "";
    report(name.str().c_str(), file.c_str(), loc ? loc.getLine() : 0, loc ? loc.getColumn() : 0,
           suggestion.c_str());
  });
  return count;
}
}
