// --dump-pass-pipeline prints the resolved pipeline (named pipelines expanded, options with
// their values) before running it.
// RUN: ttbw-opt --dump-pass-pipeline --ttir-to-tensix-pipeline="emitc=false" %s 2>&1 >/dev/null | FileCheck %s
// CHECK: Pass Manager with {{[0-9]+}} passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   ttir-decompose-backward,
// CHECK:   canonicalize,
// CHECK-NEXT:   cse,
// CHECK-NEXT:   convert-ttir-to-linalg{target=device},
// CHECK-NEXT:   ttbw-zero-empty-tensors,
// CHECK-NEXT:   ttbw-prepare-fusion,
// CHECK-NEXT:   func.func(linalg-fuse-elementwise-ops),
// CHECK-NEXT:   canonicalize,
// CHECK-NEXT:   cse,
// CHECK-NEXT:   ttbw-fold-unit-reshapes,
// CHECK-NEXT:   func.func(linalg-fuse-elementwise-ops),
// CHECK-NEXT:   canonicalize,
// CHECK-NEXT:   cse,
// CHECK-NEXT:   ttbw-split-contraction-prologues,
// CHECK-NEXT:   ttbw-outline-programs{fuse=true},
// CHECK-NEXT:   convert-linalg-to-ttkernel{grid=8x8}
// CHECK-NEXT: )
func.func @f() {
  return
}
