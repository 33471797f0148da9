// Brackets nested past the parser's limit are refused before MLIR parses them (6,000 nested
// modules overflow the recursive-descent parser's stack: SIGSEGV, upstream mlir-opt too).
// RUN: %python -c "print('module {' * 6000 + '}' * 6000)" > %t.mlir
// RUN: not ttbw-opt %t.mlir 2>&1 | FileCheck %s
// CHECK: deep_nesting_negative.mlir.tmp.mlir:1:8008: error: brackets nested more than 1000 deep (the parser's limit)
// At the limit: parsed.
// RUN: %python -c "print('module {' * 1000 + '}' * 1000)" > %t.ok.mlir
// RUN: ttbw-opt %t.ok.mlir | FileCheck %s --check-prefix=OK
// OK: module {
