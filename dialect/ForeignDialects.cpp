// tt-mlir's `ttcore` and `ttnn` dialects in ttbw's context: an attribute or type of either
// is its text (the text after `#ttcore.` / `!ttnn.`), printed back as written; ops ttbw does
// not define parse in the generic form (ForeignDialects.td says why).
#include "ForeignDialects.h"

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

// One token (or, at `#` / `!`, one whole attribute / type: `printed` is its text, aliases
// resolved). False where the walk cannot go on.
bool stepOver(AsmParser &parser, const char *at, const char *end, std::string &printed) {
  char c = *at;
  if (c == '#' || c == '!') {
    llvm::raw_string_ostream os(printed);
    if (c == '#') {
      Attribute attr;
      if (parser.parseAttribute(attr))
        return false;
      attr.print(os);
    } else {
      Type type;
      if (parser.parseType(type))
        return false;
      type.print(os);
    }
    return true;
  }
  if (c == '"') {
    std::string value;
    return succeeded(parser.parseOptionalString(&value));
  }
  if (c == '-' && at + 1 < end && at[1] == '>')
    return succeeded(parser.parseOptionalArrow());
  if (c == '-')
    return succeeded(parser.parseOptionalMinus());
  if (llvm::isDigit(c)) {
    const char *p = at;
    while (p < end && (llvm::isAlnum(*p) || *p == '.'))
      ++p;
    StringRef number(at, p - at);
    if (number.contains('.') && !number.starts_with("0x")) {
      double value;
      return succeeded(parser.parseFloat(value));
    }
    APInt value;
    return parser.parseOptionalInteger(value).has_value();
  }
  if (llvm::isAlpha(c) || c == '_') {
    StringRef keyword;
    if (succeeded(parser.parseOptionalKeyword(&keyword)))
      return true;
    Type type;  // i32, si8: integer types are not keywords
    OptionalParseResult parsed = parser.parseOptionalType(type);
    if (!parsed.has_value() || failed(*parsed))
      return false;
    llvm::raw_string_ostream os(printed);
    type.print(os);
    return true;
  }
  if (c == '@') {
    StringAttr name;
    return succeeded(parser.parseOptionalSymbolName(name));
  }
  return succeeded(parsePunctuation(parser, c));
}

// The symbol's text, with the attribute / type aliases it names (`#l1` in
// `#ttnn.ttnn_layout<..., memref<2x!ttcore.tile<32x32, f32>, #l1>>`) replaced by what they
// stand for: the text outlives the file's alias definitions. A symbol naming neither `#` nor
// `!` is kept as written without a walk.
std::string symbolText(DialectAsmParser &parser) {
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
    if (!stepOver(parser, at, end, printed))
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
  return Attr::get(parser.getContext(), symbolText(parser));
}
template <typename Type> mlir::Type parseForeignType(DialectAsmParser &parser) {
  return Type::get(parser.getContext(), symbolText(parser));
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
