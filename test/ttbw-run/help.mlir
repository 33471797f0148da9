// RUN: ttbw-run --help | FileCheck %s
// CHECK: usage: ttbw-run
// CHECK: random:SEED
// CHECK: --function NAME
