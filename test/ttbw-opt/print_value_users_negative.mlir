// --mlir-print-value-users on a module read in tt-mlir's context (TTKernel / TTMetal), whose
// printer lacks the flag: printed without the comments, with a warning saying so (exit 0).
// RUN: ttbw-opt --ttir-to-tensix-pipeline %S/Inputs/neg_bw.mlir -o %t.lowered.mlir
// RUN: ttbw-opt --mlir-print-value-users %t.lowered.mlir 2>&1 | FileCheck %s --implicit-check-not="is used by"
// CHECK: lowered.mlir:0: warning: --mlir-print-value-users: a module of TTKernel / TTMetal ops (tt-mlir's context) prints without the users' comments
// CHECK: ttmetal.enqueue_program
