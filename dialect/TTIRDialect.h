// The `ttir` dialect's C++ declarations (generated from the .td files).
#ifndef TTBW_DIALECT_TTIRDIALECT_H
#define TTBW_DIALECT_TTIRDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TTIRDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TTIRAttrs.h.inc"

#define GET_OP_CLASSES
#include "TTIROps.h.inc"

#endif // TTBW_DIALECT_TTIRDIALECT_H
