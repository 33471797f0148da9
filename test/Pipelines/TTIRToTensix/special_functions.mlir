// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// The special functions' backward ops through the whole pipeline: each call is one program whose
// compute kernel evaluates the rule's polynomials and reflections with SFPU tile ops (grad and
// input read once each, the gradient packed once); nothing below the decomposition knows the op.

// lgamma_bw: one log_tile (psi's asymptotic series: one psi for x > 0 and for 1 - x below 0), the
// reflection's NaN as sqrt_tile of -1, the poles' divisions div_binary_tile.
// CHECK-LABEL: func.func @lgamma(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @reader()
// CHECK-COUNT-2: ttkernel.noc_async_read_tile(
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK-DAG: ttkernel.log_tile(
// CHECK-DAG: ttkernel.sqrt_tile(
// CHECK-DAG: ttkernel.div_binary_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-1: ttkernel.noc_async_write_tile(
// CHECK-NOT: ttkernel.log_tile(
func.func @lgamma(%g: tensor<2x64x64xbf16>, %x: tensor<2x64x64xbf16>) -> tensor<2x64x64xbf16> {
  %0 = ttir.lgamma_bw %g, %x : tensor<2x64x64xbf16>, tensor<2x64x64xbf16> -> tensor<2x64x64xbf16>
  return %0 : tensor<2x64x64xbf16>
}

// -----

// i0_bw: one exp_tile (e^x, or e^(x - H) beyond 64) and one rsqrt_tile, the power series and the
// fits as mul / add tiles; one program.
// CHECK-LABEL: func.func @i0(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK-DAG: ttkernel.exp_tile(
// CHECK-DAG: ttkernel.rsqrt_tile(
// CHECK: func.func @writer()
func.func @i0(%g: tensor<2x64x64xf32>, %x: tensor<2x64x64xf32>) -> tensor<2x64x64xf32> {
  %0 = ttir.i0_bw %g, %x : tensor<2x64x64xf32>, tensor<2x64x64xf32> -> tensor<2x64x64xf32>
  return %0 : tensor<2x64x64xf32>
}

// -----

// polygamma_bw (n = 9): zeta(11, .) of the shifted arguments by power_binary_tile, one program.
// CHECK-LABEL: func.func @polygamma(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.power_binary_tile(
func.func @polygamma(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.polygamma_bw %g, %x {n = 9 : i32} : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}
