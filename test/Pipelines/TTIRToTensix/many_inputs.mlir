// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// A program of more than eight input tensors: inputs 0..7 take CBs 0..7, the others the pool's
// CBs from 24 up (codegen/cbs.input_cbs), in the reader's and the compute's compile args.

// CHECK-LABEL: func.func @ten_inputs
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: cb_ports = array<i64: 0, 1, 2, 3, 4, 5, 6, 7, 24, 25, 16>
// CHECK-SAME: compile_args = array<i64: 0, 1, 2, 3, 4, 5, 6, 7, 24, 25, 23,
// CHECK-SAME: kernel = @ten_inputs_program::@reader
// CHECK-SAME: compile_args = array<i64: 0, 1, 2, 3, 4, 5, 6, 7, 24, 25, 16, 17,
// CHECK-SAME: kernel = @ten_inputs_program::@compute
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @ten_inputs(%a0: tensor<32x64xf32>, %a1: tensor<32x64xf32>, %a2: tensor<32x64xf32>, %a3: tensor<32x64xf32>, %a4: tensor<32x64xf32>, %a5: tensor<32x64xf32>, %a6: tensor<32x64xf32>, %a7: tensor<32x64xf32>, %a8: tensor<32x64xf32>, %a9: tensor<32x64xf32>) -> tensor<32x64xf32> {
    %s1 = "ttir.add"(%a0, %a1) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %s2 = "ttir.add"(%s1, %a2) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %s3 = "ttir.add"(%s2, %a3) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %s4 = "ttir.add"(%s3, %a4) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %s5 = "ttir.add"(%s4, %a5) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %s6 = "ttir.add"(%s5, %a6) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %s7 = "ttir.add"(%s6, %a7) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %s8 = "ttir.add"(%s7, %a8) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %s9 = "ttir.add"(%s8, %a9) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    return %s9 : tensor<32x64xf32>
}
