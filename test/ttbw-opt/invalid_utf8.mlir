// Bytes that are not UTF-8 inside a comment do not refuse the file (mlir-opt reads it).
// RUN: printf '// caf\351 \377\nfunc.func @f() {\n  return\n}\n' > %t.mlir
// RUN: ttbw-opt %t.mlir | FileCheck %s
// CHECK-LABEL: func.func @f
