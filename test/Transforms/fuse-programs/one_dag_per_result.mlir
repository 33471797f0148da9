// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-backward-decomposition-pipeline --convert-ttir-to-linalg=target=device --ttbw-fuse-programs %s | FileCheck %s
// Results whose expressions share a DAG too deep to copy per reader (ttbw.lowering.fusion's
// MAX_COPIES) get a copy of the shared generics each: each result's DAG fuses into one generic,
// one program for both (atan2_bw: 22,000 copies per reader, a tree of 11,000 generics per result),
// a summed result's DAG through its sum and reshapes too (angle_bw's rule is atan2_bw's). A
// result whose tree exceeds MAX_TREE generics is left shared: one program per generic, with a
// warning (polar_bw: 540,000).

// CHECK-LABEL: func.func private @angle_program(
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
// CHECK-LABEL: func.func @angle(
// CHECK: call @angle_program(
// CHECK-NOT: call
func.func @angle(%g: tensor<32x64xf32>, %x: tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  %0 = ttir.angle_bw %g, %x : tensor<32x64xf32>, tensor<32x64xcomplex<f32>> -> tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @atan2(
// CHECK: call @atan2_program(
// CHECK-NOT: call
func.func @atan2(%g: tensor<32x64xbf16>, %a: tensor<32x64xbf16>, %b: tensor<32x64xbf16>) -> (tensor<32x64xbf16>, tensor<32x64xbf16>) {
  %0:2 = ttir.atan2_bw %g, %a, %b : tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<32x64xbf16> -> input_grad tensor<32x64xbf16> other_grad tensor<32x64xbf16>
  return %0#0, %0#1 : tensor<32x64xbf16>, tensor<32x64xbf16>
}


// -----

// CHECK-LABEL: func.func @atan2_summed(
// CHECK: call @atan2_summed_program(
// CHECK-NOT: call
func.func @atan2_summed(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %b: tensor<32x1xbf16>) -> (tensor<2x32x64xbf16>, tensor<32x1xbf16>) {
  %0:2 = ttir.atan2_bw %g, %a, %b : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16> -> input_grad tensor<2x32x64xbf16> other_grad tensor<32x1xbf16>
  return %0#0, %0#1 : tensor<2x32x64xbf16>, tensor<32x1xbf16>
}

// -----

// CHECK-LABEL: func.func @polar(
// CHECK: call @polar_0_
// CHECK: call @polar_1_
func.func @polar(%g: tensor<32x64xcomplex<f32>>, %x: tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  // expected-warning-re @+1 {{function @polar is not one fused program (codegen: one generic per result (found {{[0-9]+}} generics for 2 results; fuse them first)): lowered as {{[0-9]+}} programs}}
  %0 = ttir.polar_bw %g, %x : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>> -> tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}
