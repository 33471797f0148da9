// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// RUN: ttbw-opt --split-input-file --mlir-print-op-generic %s | ttbw-opt --split-input-file | FileCheck %s
// The special functions' backward ops print back as they parse (polygamma_bw with its order n).

// CHECK-LABEL: func.func @lgamma_bw
func.func @lgamma_bw(%g: tensor<2x32x64xbf16>, %x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  // CHECK: = ttir.lgamma_bw %arg0, %arg1 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  %0 = ttir.lgamma_bw %g, %x : tensor<2x32x64xbf16>, tensor<2x32x64xbf16> -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// CHECK-LABEL: func.func @polygamma_bw
func.func @polygamma_bw(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>, %o: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: = ttir.polygamma_bw %arg0, %arg1 input_grad(%arg2 : tensor<32x32xf32>) {n = 10 : i32} : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %0 = ttir.polygamma_bw %g, %x input_grad(%o : tensor<32x32xf32>) {n = 10 : i32} : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: func.func @others
func.func @others(%g: tensor<32x32xbf16>, %x: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // CHECK: = ttir.digamma_bw %arg0, %arg1 {memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<32x32xbf16>
  // CHECK: = ttir.erfinv_bw %arg0, %arg1 : tensor<32x32xbf16>
  // CHECK: = ttir.i0_bw %arg0, %arg1 : tensor<32x32xbf16>
  // CHECK: = ttir.multigammaln_bw %arg0, %arg1 : tensor<32x32xbf16>
  %0 = ttir.digamma_bw %g, %x {memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %1 = ttir.erfinv_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %2 = ttir.i0_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %3 = ttir.multigammaln_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0, %1, %2, %3 : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>
}
