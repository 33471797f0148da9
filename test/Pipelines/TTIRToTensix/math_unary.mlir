// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// A unary math op is one program whose compute kernel applies the SFPU tile op to the input
// tile in DST (fp32 DST: the op computes in f32, the pack rounds to the result's format).
// Peepholes on the region's arithmetic: 1 / x is recip_tile, 1 / sqrt(x) rsqrt_tile,
// 1 / (1 + exp(y)) sigmoid_tile of -y (of x when y = -x; once rounded, where exp, add and recip
// round three times), x < 0 ? 0 : x relu_tile, -x negative_tile.

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

// -----

// ttir.sigmoid (1 / (1 + exp(-x))) is sigmoid_tile; after fusion sigmoid(-x) is 1 / (1 + exp(x))
// (the two negations fold): sigmoid_tile of negative_tile. Another constant than 1 keeps the
// division.
// CHECK-LABEL: func.func @sigmoid(
// CHECK: func.func @compute()
// CHECK: ttkernel.copy_tile(
// CHECK-NEXT: ttkernel.sigmoid_tile_init()
// CHECK-NEXT: ttkernel.sigmoid_tile(%c0_i32)
// CHECK-NEXT: ttkernel.negative_tile_init()
// CHECK-NEXT: ttkernel.negative_tile(%c0_i32)
// CHECK-NEXT: ttkernel.sigmoid_tile_init()
// CHECK-NEXT: ttkernel.sigmoid_tile(%c0_i32)
// CHECK-NOT: ttkernel.exp_tile(
// CHECK: ttkernel.tile_regs_commit()
func.func @sigmoid(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.sigmoid"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = "ttir.neg"(%0) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = "ttir.sigmoid"(%1) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %2 : tensor<64x64xf32>
}

// -----

// CHECK-LABEL: func.func @not_sigmoid(
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.sigmoid_tile(
// CHECK: ttkernel.exp_tile(
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.recip_tile(
// CHECK-NOT: ttkernel.sigmoid_tile(
// CHECK: func.func @writer()
func.func @not_sigmoid(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %two = "ttir.full"() <{fill_value = 2.000000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  %0 = "ttir.neg"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = "ttir.exp"(%0) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = "ttir.add"(%two, %1) : (tensor<f32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %3 = "ttir.reciprocal"(%2) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %3 : tensor<64x64xf32>
}
