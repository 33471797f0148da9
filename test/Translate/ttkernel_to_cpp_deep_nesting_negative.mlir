// IR of tt-mlir's dialects nested past the parser's limit is refused before tt-mlir parses it,
// by ttbw-translate and ttbw-opt (tt-mlir's recursive-descent parser overflowed its stack:
// SIGSEGV; issue 26).
// RUN: %python -c "print('!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>'); print('module {' * 6000 + '}' * 6000)" > %t.mlir
// RUN: not ttbw-translate --ttkernel-to-cpp %t.mlir 2>&1 | FileCheck %s
// RUN: not ttbw-opt %t.mlir 2>&1 | FileCheck %s
// CHECK: .tmp.mlir:2:8008: error: brackets nested more than 1000 deep (the parser's limit)
