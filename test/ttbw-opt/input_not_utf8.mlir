// Input that is not UTF-8: ttbw-opt hands the bytes to MLIR unchanged (an error located at the
// byte, or nothing in a comment), ttbw-translate reads text and says so in one line; exit 1, no
// traceback, from a file or stdin (found by test/fuzz: stdin gave a traceback).
// RUN: not ttbw-opt %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=FILE --implicit-check-not=Traceback
// RUN: not ttbw-opt < %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=STDIN --implicit-check-not=Traceback
// RUN: not ttbw-translate --ttkernel-to-cpp - < %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=TRANSLATE --implicit-check-not=Traceback
// RUN: not ttbw-translate --ttkernel-to-cpp %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=TRANSLATE-FILE --implicit-check-not=Traceback

// FILE: not_utf8.mlir:2:19: error: unexpected character
// STDIN: <stdin>:2:19: error: unexpected character
// TRANSLATE: <stdin>: error: cannot read input: 'utf-8' codec can't decode byte 0xff
// TRANSLATE-FILE: not_utf8.mlir: error: cannot read input: 'utf-8' codec can't decode byte 0xff
