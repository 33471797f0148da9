// RUN: ttbw-opt --ttir-backward-decomposition-pipeline --ttir-expand-complex --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// RUN: ttbw-opt --convert-ttir-to-linalg %s | FileCheck %s
// IR of tt-mlir's dialects (read in tt-mlir's context) holds no ttir op: ttbw's ttir passes
// leave it unchanged (they crashed on it: found by the fuzzer).

// CHECK: module @kernels {
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK-NEXT: ttkernel.tile_regs_acquire
module {
  module @kernels {
    func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      ttkernel.tile_regs_acquire() : () -> ()
      return
    }
  }
}
