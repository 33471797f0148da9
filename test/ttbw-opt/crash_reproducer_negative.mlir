// Crash reproducers that cannot be written or read: one message each, exit 1, no traceback.
// A reproducer path in a missing folder: the pass's error, then where the reproducer could not go.
// RUN: not ttbw-opt --mlir-pass-pipeline-crash-reproducer=%t.missing/repro.mlir --convert-ttir-to-linalg=target=device %s 2>&1 | FileCheck %s --check-prefix=UNWRITABLE --implicit-check-not=Traceback
// UNWRITABLE: error: 'ttir.concat' has no device lowering
// UNWRITABLE: note: Pipeline failed while executing [`ConvertTTIRToLinalg` on 'builtin.module' operation]: failed to create output stream: {{.*}}repro.mlir

// --run-reproducer runs the recorded pipeline only.
// RUN: not ttbw-opt --run-reproducer --cse %s 2>&1 | FileCheck %s --check-prefix=COMBINED --implicit-check-not=Traceback
// COMBINED: ttbw-opt: --run-reproducer runs the pipeline the reproducer records; it cannot be combined with passes or --pass-pipeline

// A malformed resource.
// RUN: printf '{-#\n  external_resources: {\n    mlir_reproducer: {\n      disable_threading: false\n    }\n  }\n#-}\n' > %t.bad.mlir
// RUN: not ttbw-opt --run-reproducer %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=MALFORMED --implicit-check-not=Traceback
// MALFORMED: ttbw-opt: --run-reproducer: the mlir_reproducer resource has no pipeline string

func.func @f(%a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<64x32xbf16> {
  %0 = "ttir.concat"(%a, %b) <{dim = 0 : si32}> : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}
