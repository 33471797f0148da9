// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel="fuse=false" %s
// What composite mode (fuse=false) refuses, located at the op: everything but bf16 TILE real
// tensors in DRAM (the runtime composite path's limits: ttbw.lowering.composite).

func.func @f32(%g: tensor<1x1x32x64xf32>, %a: tensor<1x1x32x64xf32>, %b: tensor<1x1x32x64xf32>) -> (tensor<1x1x32x64xf32>, tensor<1x1x32x64xf32>) {
  // expected-error @+1 {{'ttir.mul_bw' op: unsupported: composite mode: bf16 TILE tensors only (formats ['f32'], layouts ['tile'])}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xf32>, tensor<1x1x32x64xf32>, tensor<1x1x32x64xf32>) -> (tensor<1x1x32x64xf32>, tensor<1x1x32x64xf32>)
  return %0#0, %0#1 : tensor<1x1x32x64xf32>, tensor<1x1x32x64xf32>
}

// -----

func.func @complex(%g: tensor<1x1x32x64xcomplex<bf16>>, %a: tensor<1x1x32x64xcomplex<bf16>>, %b: tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) {
  // expected-error @+1 {{'ttir.mul_bw' op: unsupported: composite mode: complex tensors not supported}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>
}

// -----

func.func @scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>, %s: f32) -> tensor<64x64xbf16> {
  // expected-error @+1 {{'ttir.mul_bw' op: unsupported: composite mode: a scalar b not supported}}
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

func.func @decomposed(%g: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: function @decomposed is not the decomposition of one ttir.mul_bw}}
  %0 = "ttir.multiply"(%g, %b) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @preallocated(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>, %o: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.mul_bw' op: unsupported: composite mode: preallocated results are not supported}}
  %0 = "ttir.mul_bw"(%g, %a, %b, %o) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
