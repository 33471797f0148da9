// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel %s | FileCheck %s
// A unary math op is one program whose compute kernel applies the SFPU tile op to the input
// tile in DST (fp32 DST: the op computes in f32, the pack rounds to the result's format).
// Peepholes on the region's arithmetic: 1 / x is recip_tile, 1 / sqrt(x) rsqrt_tile,
// x < 0 ? 0 : x relu_tile, -x negative_tile.

// CHECK-LABEL: func.func @exp(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.tile_regs_acquire()
// CHECK-NEXT: ttkernel.copy_tile_init(
// CHECK-NEXT: ttkernel.copy_tile(%{{.*}}, %c0_i32, %c0_i32)
// CHECK-NEXT: ttkernel.exp_tile_init() : () -> ()
// CHECK-NEXT: ttkernel.exp_tile(%c0_i32) : (i32) -> ()
// CHECK-NEXT: ttkernel.tile_regs_commit()
// CHECK: func.func @writer()
func.func @exp(%x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = "ttir.exp"(%x) : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// CHECK-LABEL: func.func @peepholes(
// CHECK: func.func @compute()
// CHECK: ttkernel.copy_tile(
// CHECK-NEXT: ttkernel.relu_tile_init()
// CHECK-NEXT: ttkernel.relu_tile(%c0_i32)
// CHECK-NEXT: ttkernel.rsqrt_tile_init()
// CHECK-NEXT: ttkernel.rsqrt_tile(%c0_i32)
// CHECK-NEXT: ttkernel.recip_tile_init()
// CHECK-NEXT: ttkernel.recip_tile(%c0_i32)
// CHECK-NEXT: ttkernel.negative_tile_init()
// CHECK-NEXT: ttkernel.negative_tile(%c0_i32)
// CHECK-NEXT: ttkernel.tile_regs_commit()
func.func @peepholes(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.relu"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = "ttir.rsqrt"(%0) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = "ttir.reciprocal"(%1) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %3 = "ttir.neg"(%2) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %3 : tensor<64x64xf32>
}
