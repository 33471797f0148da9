// The `ttir` dialect: tt-mlir's TTIR as ttbw uses it, plus ttbw's backward ops.
#ifndef TTBW_DIALECT_TTIRBASE_TD
#define TTBW_DIALECT_TTIRBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TTIR_Dialect : Dialect {
  let name = "ttir";
  let summary = "tt-mlir's TTIR ops, ttbw's backward ops and their layout attributes";
  let description = [{
    Op names, operand orders, properties and optional attributes follow tt-mlir's
    TTIR. Ops of the `ttir` namespace that this dialect does not define (tt-mlir has
    many more) parse, pass through every pass untouched and print back: the dialect
    allows unknown operations.
  }];
  let cppNamespace = "::ttbw::ttir";
  let useDefaultAttributePrinterParser = 1;
}

class TTIR_Op<string mnemonic, list<Trait> traits = []> :
    Op<TTIR_Dialect, mnemonic, traits>;

class TTIR_Attr<string name, string attrMnemonic, list<Trait> traits = []> :
    AttrDef<TTIR_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TTBW_DIALECT_TTIRBASE_TD
