// RUN: ttbw-opt %s | FileCheck %s
// RUN: ttbw-opt %s | ttbw-opt | FileCheck %s
// tt-mlir's #ttir<flattened_compat ...> attribute parses and prints back in tt-mlir's form.

// CHECK-LABEL: func.func @marked
func.func @marked(%a: tensor<1x1x400x32xbf16>) -> tensor<1x1x400x32xbf16> {
  // CHECK: "ttir.exp"(%arg0) {flattened_compat_info = #ttir<flattened_compat batch_size = 1, input_height = 20, input_width = 20>}
  %0 = "ttir.exp"(%a) {flattened_compat_info = #ttir<flattened_compat batch_size = 1, input_height = 20, input_width = 20>} : (tensor<1x1x400x32xbf16>) -> tensor<1x1x400x32xbf16>
  return %0 : tensor<1x1x400x32xbf16>
}
