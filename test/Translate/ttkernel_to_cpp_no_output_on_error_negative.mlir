// RUN: rm -f %t.cpp
// RUN: not ttbw-translate --ttkernel-to-cpp %s -o %t.cpp 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: not ls %t.cpp
// A failing translation leaves no (partial) output file behind.

// CHECK: ttkernel_to_cpp_no_output_on_error_negative.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'ttkernel.cb_push_back' op
module {
  func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
    %c1 = arith.constant 1 : i32
    "ttkernel.cb_push_back"(%c1, %c1) : (i32, i32) -> ()
    return
  }
}
