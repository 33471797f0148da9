// RUN: ttbw-opt --verify-diagnostics --ttir-to-tensix-pipeline %s
// An elementwise generic whose inputs' CBs do not fit beside the rest of the 32 is refused where
// it is, naming the count.

func.func @twenty_six_inputs(%a0: tensor<32x32xf32>, %a1: tensor<32x32xf32>, %a2: tensor<32x32xf32>, %a3: tensor<32x32xf32>, %a4: tensor<32x32xf32>, %a5: tensor<32x32xf32>, %a6: tensor<32x32xf32>, %a7: tensor<32x32xf32>, %a8: tensor<32x32xf32>, %a9: tensor<32x32xf32>, %a10: tensor<32x32xf32>, %a11: tensor<32x32xf32>, %a12: tensor<32x32xf32>, %a13: tensor<32x32xf32>, %a14: tensor<32x32xf32>, %a15: tensor<32x32xf32>, %a16: tensor<32x32xf32>, %a17: tensor<32x32xf32>, %a18: tensor<32x32xf32>, %a19: tensor<32x32xf32>, %a20: tensor<32x32xf32>, %a21: tensor<32x32xf32>, %a22: tensor<32x32xf32>, %a23: tensor<32x32xf32>, %a24: tensor<32x32xf32>, %a25: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %s1 = "ttir.add"(%a0, %a1) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s2 = "ttir.add"(%s1, %a2) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s3 = "ttir.add"(%s2, %a3) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s4 = "ttir.add"(%s3, %a4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s5 = "ttir.add"(%s4, %a5) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s6 = "ttir.add"(%s5, %a6) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s7 = "ttir.add"(%s6, %a7) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s8 = "ttir.add"(%s7, %a8) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s9 = "ttir.add"(%s8, %a9) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s10 = "ttir.add"(%s9, %a10) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s11 = "ttir.add"(%s10, %a11) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s12 = "ttir.add"(%s11, %a12) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s13 = "ttir.add"(%s12, %a13) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s14 = "ttir.add"(%s13, %a14) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s15 = "ttir.add"(%s14, %a15) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s16 = "ttir.add"(%s15, %a16) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s17 = "ttir.add"(%s16, %a17) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s18 = "ttir.add"(%s17, %a18) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s19 = "ttir.add"(%s18, %a19) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s20 = "ttir.add"(%s19, %a20) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s21 = "ttir.add"(%s20, %a21) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s22 = "ttir.add"(%s21, %a22) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s23 = "ttir.add"(%s22, %a23) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %s24 = "ttir.add"(%s23, %a24) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    // expected-error @+1 {{'linalg.generic' op: unsupported: codegen: 26 inputs, 1 outputs, 0 rounding hops need more than the 32 circular buffers}}
    %s25 = "ttir.add"(%s24, %a25) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    return %s25 : tensor<32x32xf32>
}
