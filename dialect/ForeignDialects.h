// tt-mlir's `ttcore` and `ttnn` dialects as ttbw reads them (ForeignDialects.td).
#ifndef TTBW_DIALECT_FOREIGNDIALECTS_H
#define TTBW_DIALECT_FOREIGNDIALECTS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TTCoreDialect.h.inc"
#include "TTNNDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TTCoreAttrs.h.inc"
#define GET_ATTRDEF_CLASSES
#include "TTNNAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "TTCoreTypes.h.inc"
#define GET_TYPEDEF_CLASSES
#include "TTNNTypes.h.inc"

#define GET_OP_CLASSES
#include "ForeignOps.h.inc"

#endif // TTBW_DIALECT_FOREIGNDIALECTS_H
