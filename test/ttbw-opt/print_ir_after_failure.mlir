// --mlir-print-ir-after-failure dumps the IR a failing pass left, as mlir-opt does.
// RUN: not ttbw-opt --mlir-print-ir-after-failure --convert-ttir-to-linalg %s 2>&1 | FileCheck %s

// CHECK: // -----// IR Dump After ConvertTTIRToLinalg Failed (convert-ttir-to-linalg) //----- //
// CHECK: builtin.unrealized_conversion_cast
// CHECK: error: unrealized_conversion_cast cannot be executed on the CPU path
func.func @f(%x: tensor<4xbf16>) -> tensor<4xf32> {
  %0 = builtin.unrealized_conversion_cast %x : tensor<4xbf16> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
