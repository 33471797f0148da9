// tt-mlir's `ttcore` and `ttnn` dialects as ttbw's context reads them: TTIR written by
// tt-mlir carries their attributes (`#ttcore.argument_type<input>`, `#ttnn.buffer_type<l1>`),
// types (`!ttcore.tile<32x32, bf16>`) and a few ttcore ops (`ttcore.load_cached`,
// `ttcore.device_module`). ttbw computes nothing with them: an attribute or type of either
// dialect is kept as its text and printed back as written (ForeignAttr / ForeignType), an op
// ttbw does not define parses in the generic form, and the ttcore ops that tt-mlir writes in
// a custom form are defined here with that form. The lowering refuses them at the op.
#ifndef TTBW_DIALECT_FOREIGNDIALECTS_TD
#define TTBW_DIALECT_FOREIGNDIALECTS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Foreign_Dialect<string dialectName> : Dialect {
  let name = dialectName;
  let cppNamespace = "::ttbw::" # dialectName;
  let summary = "tt-mlir's " # dialectName # " dialect, read as text (ttbw computes nothing with it)";
  // Each parses any attribute / type of its namespace as its text (ForeignDialects.cpp).
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser, ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr, ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

def TTCore_Dialect : Foreign_Dialect<"ttcore">;
def TTNN_Dialect : Foreign_Dialect<"ttnn">;

// `#<dialect>.<text>`: the text after the dialect name, as written (aliases it names resolved).
class Foreign_Attr<Dialect dialect> : AttrDef<dialect, "Foreign"> {
  let summary = "An attribute of tt-mlir's dialect, kept as its text";
  let parameters = (ins StringRefParameter<"the attribute after its dialect name">:$spec);
  let attrName = dialect.name # ".foreign";
}
// `!<dialect>.<text>`; a tensor or memref may hold it (tt-mlir's tiles).
class Foreign_Type<Dialect dialect> : TypeDef<dialect, "Foreign", [MemRefElementTypeInterface]> {
  let summary = "A type of tt-mlir's dialect, kept as its text";
  let parameters = (ins StringRefParameter<"the type after its dialect name">:$spec);
  let typeName = dialect.name # ".foreign";
}

def TTCore_ForeignAttr : Foreign_Attr<TTCore_Dialect>;
def TTCore_ForeignType : Foreign_Type<TTCore_Dialect>;
def TTNN_ForeignAttr : Foreign_Attr<TTNN_Dialect>;
def TTNN_ForeignType : Foreign_Type<TTNN_Dialect>;

// The ttcore ops tt-mlir prints in a custom form, with that form (its TTCoreOps.td); their
// operands and results take any type, as ttbw only reads and prints them.
class TTCore_Op<string mnemonic, list<Trait> traits = []> : Op<TTCore_Dialect, mnemonic, traits>;

def TTCore_LoadCachedOp : TTCore_Op<"load_cached"> {
  let summary = "Results of a const-eval function (tt-mlir's ttcore.load_cached)";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    `(` $callee `,` `[` $inputs `]` `)` attr-dict `:` functional-type($inputs, $results)
  }];
}

class TTCore_ModuleOp<string mnemonic, string format> :
    TTCore_Op<mnemonic, [IsolatedFromAbove, NoRegionArguments, NoTerminator, SingleBlock, SymbolTable]> {
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat = format;
}
def TTCore_DeviceModuleOp : TTCore_ModuleOp<"device_module", "attr-dict-with-keyword $bodyRegion"> {
  let summary = "The module of device functions (tt-mlir's ttcore.device_module)";
}
def TTCore_CPUModuleOp : TTCore_ModuleOp<"cpu_module", "attr-dict-with-keyword regions"> {
  let summary = "The module of CPU functions (tt-mlir's ttcore.cpu_module)";
}

def TTCore_GetTupleElementOp : TTCore_Op<"get_tuple_element"> {
  let summary = "An element of a tuple (tt-mlir's ttcore.get_tuple_element)";
  let arguments = (ins AnyType:$operand, ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$operand `[` $index `]` attr-dict `:` functional-type(operands, results)";
}

#endif // TTBW_DIALECT_FOREIGNDIALECTS_TD
