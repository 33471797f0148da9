// tt-mlir's `ttcore` and `ttnn` dialects in ttbw's context: an attribute or type of either
// is its text (the text after `#ttcore.` / `!ttnn.`), printed back as written; ops ttbw does
// not define parse in the generic form (ForeignDialects.td says why).
#include "ForeignDialects.h"

#include <optional>

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

#include "TTCoreDialect.cpp.inc"
#include "TTNNDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TTCoreAttrs.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "TTNNAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "TTCoreTypes.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "TTNNTypes.cpp.inc"

#define GET_OP_CLASSES
#include "ForeignOps.cpp.inc"

namespace {
// Tokens the walk below steps over (punctuation, by its first character).
ParseResult parsePunctuation(AsmParser &parser, char c) {
  switch (c) {
  case '<': return parser.parseOptionalLess();
  case '>': return parser.parseOptionalGreater();
  case '(': return parser.parseOptionalLParen();
  case ')': return parser.parseOptionalRParen();
  case '[': return parser.parseOptionalLSquare();
  case ']': return parser.parseOptionalRSquare();
  case '{': return parser.parseOptionalLBrace();
  case '}': return parser.parseOptionalRBrace();
  case ',': return parser.parseOptionalComma();
  case ':': return parser.parseOptionalColon();
  case '=': return parser.parseOptionalEqual();
  case '*': return parser.parseOptionalStar();
  case '?': return parser.parseOptionalQuestion();
  case '+': return parser.parseOptionalPlus();
  case '|': return parser.parseOptionalVerticalBar();
  case '/': return parser.parseOptionalSlash();
  case '.': return parser.parseOptionalEllipsis();
  default: return failure();
  }
}

// How a step went: over a token, stopped (the walk cannot go on: the rest is kept as text), or
// failed (a nested attribute / type / number did not parse: its diagnostic is out).
enum class Step { Over, Stop, Failed };

// One token (or, at `#` / `!`, one whole attribute / type: `printed` is its text, aliases
// resolved).
Step stepOver(AsmParser &parser, const char *at, const char *end, std::string &printed) {
  auto over = [](bool ok) { return ok ? Step::Over : Step::Stop; };
  char c = *at;
  if (c == '#' || c == '!') {
    llvm::raw_string_ostream os(printed);
    if (c == '#') {
      Attribute attr;
      if (parser.parseAttribute(attr))
        return Step::Failed;
      attr.print(os);
    } else {
      Type type;
      if (parser.parseType(type))
        return Step::Failed;
      type.print(os);
    }
    return Step::Over;
  }
  if (c == '"') {
    std::string value;
    return over(succeeded(parser.parseOptionalString(&value)));
  }
  if (c == '-' && at + 1 < end && at[1] == '>')
    return over(succeeded(parser.parseOptionalArrow()));
  if (c == '-')
    return over(succeeded(parser.parseOptionalMinus()));
  if (llvm::isDigit(c)) {
    const char *p = at;
    while (p < end && (llvm::isAlnum(*p) || *p == '.'))
      ++p;
    StringRef number(at, p - at);
    if (number.contains('.') && !number.starts_with("0x")) {
      double value;
      return succeeded(parser.parseFloat(value)) ? Step::Over : Step::Failed;
    }
    APInt value;
    return over(parser.parseOptionalInteger(value).has_value());
  }
  if (llvm::isAlpha(c) || c == '_') {
    StringRef keyword;
    if (succeeded(parser.parseOptionalKeyword(&keyword)))
      return Step::Over;
    Type type;  // i32, si8: integer types are not keywords
    OptionalParseResult parsed = parser.parseOptionalType(type);
    if (!parsed.has_value())
      return Step::Stop;
    if (failed(*parsed))
      return Step::Failed;
    llvm::raw_string_ostream os(printed);
    type.print(os);
    return Step::Over;
  }
  if (c == '@') {
    StringAttr name;
    return over(succeeded(parser.parseOptionalSymbolName(name)));
  }
  return over(succeeded(parsePunctuation(parser, c)));
}

// The symbol's text, with the attribute / type aliases it names (`#l1` in
// `#ttnn.ttnn_layout<..., memref<2x!ttcore.tile<32x32, f32>, #l1>>`) replaced by what they
// stand for: the text outlives the file's alias definitions. A symbol naming neither `#` nor
// `!` is kept as written without a walk. None when a nested attribute or type failed to parse
// (an undefined alias): the symbol fails with its diagnostic, never parses beside it.
std::optional<std::string> symbolText(DialectAsmParser &parser) {
  StringRef spec = parser.getFullSymbolSpec();
  if (!spec.contains('#') && !spec.contains('!'))
    return spec.str();
  const char *end = spec.end();
  const char *copied = spec.begin();
  std::string text;
  while (true) {
    const char *at = parser.getCurrentLocation().getPointer();
    if (at < copied || at >= end)
      break;
    std::string printed;
    Step step = stepOver(parser, at, end, printed);
    if (step == Step::Failed)
      return std::nullopt;
    if (step == Step::Stop)
      break;
    if (!printed.empty()) {
      text.append(copied, at);
      text += printed;
      copied = parser.getCurrentLocation().getPointer();
    }
  }
  if (copied < end)
    text.append(copied, end);
  return text;
}

// The parser goes on after the symbol whatever the dialect read of it.
template <typename Attr> Attribute parseForeignAttr(DialectAsmParser &parser) {
  std::optional<std::string> text = symbolText(parser);
  return text ? Attr::get(parser.getContext(), *text) : Attribute();
}
template <typename Type> mlir::Type parseForeignType(DialectAsmParser &parser) {
  std::optional<std::string> text = symbolText(parser);
  return text ? Type::get(parser.getContext(), *text) : mlir::Type();
}
} // namespace

namespace ttbw::ttcore {
void TTCoreDialect::initialize() {
  addAttributes<ForeignAttr>();
  addTypes<ForeignType>();
  addOperations<
#define GET_OP_LIST
#include "ForeignOps.cpp.inc"
      >();
  allowUnknownOperations();
}
Attribute TTCoreDialect::parseAttribute(DialectAsmParser &parser, Type) const {
  return parseForeignAttr<ForeignAttr>(parser);
}
void TTCoreDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  printer << cast<ForeignAttr>(attr).getSpec();
}
Type TTCoreDialect::parseType(DialectAsmParser &parser) const {
  return parseForeignType<ForeignType>(parser);
}
void TTCoreDialect::printType(Type type, DialectAsmPrinter &printer) const {
  printer << cast<ForeignType>(type).getSpec();
}
} // namespace ttbw::ttcore

namespace ttbw::ttnn {
void TTNNDialect::initialize() {
  addAttributes<ForeignAttr>();
  addTypes<ForeignType>();
  allowUnknownOperations();
}
Attribute TTNNDialect::parseAttribute(DialectAsmParser &parser, Type) const {
  return parseForeignAttr<ForeignAttr>(parser);
}
void TTNNDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  printer << cast<ForeignAttr>(attr).getSpec();
}
Type TTNNDialect::parseType(DialectAsmParser &parser) const {
  return parseForeignType<ForeignType>(parser);
}
void TTNNDialect::printType(Type type, DialectAsmPrinter &printer) const {
  printer << cast<ForeignType>(type).getSpec();
}
} // namespace ttbw::ttnn
