// --split-input-file: each chunk translated on its own, outputs joined by '// -----'; a
// failing chunk is reported with the file's own line number and the others still print.
// RUN: not ttbw-translate --ttkernel-to-cpp --split-input-file %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// CHECK: // ===== kernel: first =====
// CHECK: void kernel_main()
// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // ===== kernel: third =====
// ERR: ttkernel_to_cpp_split_input_file.mlir:[[@LINE+7]]:3: error: 'ttkernel.cb_wait_front' op operand #0 must be TTKernel cb
func.func @first() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
  return
}
// -----
func.func @second() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
  %0 = arith.constant 0 : i32
  "ttkernel.cb_wait_front"(%0, %0) : (i32, i32) -> ()
  return
}
// -----
func.func @third() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
  return
}
