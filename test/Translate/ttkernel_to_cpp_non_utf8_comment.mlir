// ttbw-translate reads its input byte for byte, as ttbw-opt and ttbw-run do (issue 26): bytes
// that are not UTF-8 may stand in comments (file, stdin, --split-input-file), anywhere else they
// are refused at the byte.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'// caf\xe9 \xff\n' + open(sys.argv[1], 'rb').read())" %s > %t.mlir
// RUN: ttbw-translate --ttkernel-to-cpp %t.mlir | FileCheck %s
// RUN: ttbw-translate --ttkernel-to-cpp - < %t.mlir | FileCheck %s
// RUN: ttbw-translate --ttkernel-to-cpp --split-input-file %t.mlir | FileCheck %s
// CHECK-LABEL: // ===== kernel: compute =====
// CHECK: void kernel_main() {
// RUN: %python -c "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().replace(b'@compute', b'@comput\xe9'))" %s > %t.name.mlir
// RUN: not ttbw-translate --ttkernel-to-cpp %t.name.mlir 2>&1 | FileCheck %s --check-prefix=NAME --implicit-check-not=Traceback
// NAME: name.mlir:[[@LINE+1]]:18: error: byte 0xE9 is not UTF-8 (only comments may hold such bytes)
func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
  return
}
