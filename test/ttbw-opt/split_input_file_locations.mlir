// RUN: not ttbw-opt --split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=Traceback
// Diagnostics in later chunks point at the file's own line numbers, and one
// chunk's failure does not stop the others from being checked.

func.func @ok() {
  return
}

// -----

func.func @bad_second(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<3x32xbf16>) -> (tensor<4x32xbf16>, tensor<3x32xbf16>) {
  // CHECK: split_input_file_locations.mlir:[[@LINE+1]]:10: error: 'ttir.mul_bw' op operand 'other' of shape 3x32 is not broadcast-compatible with 'grad' of shape 4x32
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<3x32xbf16>) -> (tensor<4x32xbf16>, tensor<3x32xbf16>)
  return %0#0, %0#1 : tensor<4x32xbf16>, tensor<3x32xbf16>
}

// -----

func.func @bad_third() {
  // CHECK: split_input_file_locations.mlir:[[@LINE+1]]:3: error: custom op 'ttir.bogus' is unknown
  ttir.bogus
  return
}
