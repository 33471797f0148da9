// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --ttir-backward-decomposition-pipeline %s | FileCheck %s --check-prefix=PIPE
// TTIR ops have no memory_config: the decomposition keeps it as the `ttir.memory_config`
// attribute of each function result that returns one of the op's gradients.

// CHECK-LABEL: func.func @l1_results
// CHECK-SAME: -> (tensor<32x32xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}, tensor<32x32xbf16>, tensor<32x32xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">})
// CHECK-NOT: ttir.mul_bw
func.func @l1_results(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>, memory_config = #ttir.memory_config<"l1", "interleaved">} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %g, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// Without memory_config the results keep no attribute.
// CHECK-LABEL: func.func @default_memory
// CHECK-SAME: -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
func.func @default_memory(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// A complex result's attribute goes to both of its parts.
// PIPE-LABEL: func.func @complex_in_l1
// PIPE-SAME: -> (tensor<32x32xf32> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}, tensor<32x32xf32> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">})
func.func @complex_in_l1(%g: tensor<32x32xcomplex<f32>>, %a: tensor<32x32xcomplex<f32>>, %b: tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>, are_required_outputs = array<i1: true, false>, memory_config = #ttir.memory_config<"l1", "interleaved">} : (tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>>
  return %0 : tensor<32x32xcomplex<f32>>
}
