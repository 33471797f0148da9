// RUN: not ttbw-translate --ttkernel-to-cpp %s 2>&1 | FileCheck %s
// A syntax error is reported by tt-mlir's parser with the file, line and column.

// CHECK: ttkernel_to_cpp_parse_error_negative.mlir:[[@LINE+4]]:{{[0-9]+}}: error:
// CHECK-NOT: Traceback
module {
  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    "ttkernel.tile_regs_acquire"() : () ->
  }
}
