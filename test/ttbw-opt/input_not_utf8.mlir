// Input that is not UTF-8: ttbw-opt and ttbw-translate (and ttbw-run: test/ttbw-run) accept such
// bytes in comments and refuse them elsewhere with an error at the byte; exit 1, no traceback,
// from a file or stdin (found by test/fuzz: stdin gave a traceback).
// RUN: not ttbw-opt %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=FILE --implicit-check-not=Traceback
// RUN: not ttbw-opt < %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=STDIN --implicit-check-not=Traceback
// Outside a comment (here in an op name, which MLIR would quote in a diagnostic the bindings
// cannot decode: an internal error before) it is refused at the byte.
// RUN: not ttbw-opt %S/Inputs/not_utf8_op_name.mlir 2>&1 | FileCheck %s --check-prefix=OPNAME --implicit-check-not=internal
// RUN: not ttbw-translate --ttkernel-to-cpp - < %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=TRANSLATE --implicit-check-not=Traceback
// RUN: not ttbw-translate --ttkernel-to-cpp %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=TRANSLATE-FILE --implicit-check-not=Traceback

// FILE: not_utf8.mlir:2:19: error: byte 0xFF is not UTF-8 (only comments may hold such bytes)
// STDIN: <stdin>:2:19: error: byte 0xFF is not UTF-8 (only comments may hold such bytes)
// OPNAME: not_utf8_op_name.mlir:3:17: error: byte 0x9C is not UTF-8 (only comments may hold such bytes)
// TRANSLATE: <stdin>:2:19: error: byte 0xFF is not UTF-8 (only comments may hold such bytes)
// TRANSLATE-FILE: not_utf8.mlir:2:19: error: byte 0xFF is not UTF-8 (only comments may hold such bytes)
