// Input that is not UTF-8: one error line naming the input, exit 1, no traceback (from a file
// or stdin, for both tools; found by test/fuzz).
// RUN: not ttbw-opt %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=FILE --implicit-check-not=Traceback
// RUN: not ttbw-opt < %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=STDIN --implicit-check-not=Traceback
// RUN: not ttbw-translate --ttkernel-to-cpp - < %S/Inputs/not_utf8.mlir 2>&1 | FileCheck %s --check-prefix=TRANSLATE --implicit-check-not=Traceback

// FILE: ttbw-opt: could not open input file '{{.*}}not_utf8.mlir': 'utf-8' codec can't decode byte 0xff
// STDIN: ttbw-opt: could not open input file '-': 'utf-8' codec can't decode byte 0xff
// TRANSLATE: <stdin>: error: cannot read input: 'utf-8' codec can't decode byte 0xff
