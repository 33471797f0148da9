// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s
// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs="fuse=false" --convert-linalg-to-ttkernel %s
// TTIR ops with no device lowering, and integer tensors, are refused at the op, in both modes.

func.func @cos(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{'ttir.cos' has no device lowering}}
  %0 = "ttir.cos"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

func.func @exp_i32(%x: tensor<64x64xi32>) -> tensor<64x64xi32> {
  // expected-error @+1 {{'ttir.exp' operand of type tensor<64x64xi32>: elementwise ops take bf16 and f32 tensors only}}
  %0 = "ttir.exp"(%x) : (tensor<64x64xi32>) -> tensor<64x64xi32>
  return %0 : tensor<64x64xi32>
}
