// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// Unary backward ops through the whole pipeline: each call is one program (one
// enqueue_program) whose compute kernel evaluates its derivative rule in DST with SFPU tile
// ops, grad and input read once each, one gradient tile packed per unit. Nothing below the
// decomposition knows the op: these are the generic codegen's tile ops for the rule's TTIR.

// gelu (none): Phi(x) + x phi(x) compensated (passes/derivatives.py): erfc_tile of the capped
// |x| / sqrt2 (binary_min_tile), exp_tile and expm1_tile of the exact exponent, one of each (no
// recomputation); one program whose DST values spill to the f32 L1 CB, the gradient packed once
// into the output CB.
// CHECK-LABEL: func.func @gelu(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @reader()
// CHECK-COUNT-2: ttkernel.noc_async_read_tile(
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: %[[SPILL:.*]] = ttkernel.get_compile_time_arg_val({{[0-9]+}}) : () -> !ttkernel.cb<9, !ttcore.tile<32x32, f32>>
// CHECK: ttkernel.binary_min_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[SPILL]], %c0_i32, false)
// CHECK: ttkernel.erfc_tile(
// CHECK-NOT: ttkernel.erfc_tile(
// CHECK: ttkernel.exp_tile(
// CHECK-NOT: ttkernel.{{erfc|exp}}_tile(
// CHECK: ttkernel.expm1_tile(
// CHECK-NOT: ttkernel.{{erfc|exp|expm1}}_tile(
// CHECK: ttkernel.pack_tile({{.*}}) : (i32, !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>, i32) -> ()
// CHECK-NOT: ttkernel.pack_tile(
// CHECK: func.func @writer()
func.func @gelu(%g: tensor<2x64x64xbf16>, %x: tensor<2x64x64xbf16>) -> tensor<2x64x64xbf16> {
  %0 = ttir.gelu_bw %g, %x : tensor<2x64x64xbf16>, tensor<2x64x64xbf16> -> tensor<2x64x64xbf16>
  return %0 : tensor<2x64x64xbf16>
}

// -----

// gelu (tanh): w = 2u and x w' as heads and exact tails (add / sub / mul tiles), one
// sigmoid_tile (of -|w|: abs, negative) and one exp_tile (the factor e^w 2^126 below w = -84)
// packed to the f32 spill CB (18 pages, all popped by the last section), no tanh; the slope's
// forms selected by x - 1/2 >= 0 (gez), x < 0 (ltz) and |x| > 16 (abs, gtz) with where_tile;
// the gradient packed once.
// CHECK-LABEL: func.func @gelu_tanh(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: %[[SPILL:.*]] = ttkernel.get_compile_time_arg_val({{[0-9]+}}) : () -> !ttkernel.cb<18, !ttcore.tile<32x32, f32>>
// CHECK-NOT: ttkernel.{{tanh|exp}}_tile(
// CHECK: ttkernel.abs_tile(
// CHECK: ttkernel.negative_tile(
// CHECK: ttkernel.sigmoid_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[SPILL]], %c0_i32, false)
// CHECK: ttkernel.exp_tile(
// CHECK-NOT: ttkernel.{{tanh|exp|sigmoid}}_tile(
// CHECK: ttkernel.gez_tile(
// CHECK: ttkernel.where_tile(
// CHECK: ttkernel.ltz_tile(
// CHECK: ttkernel.where_tile(
// CHECK: ttkernel.gtz_tile(
// CHECK: ttkernel.where_tile(
// CHECK-NOT: ttkernel.{{tanh|exp|sigmoid}}_tile(
// CHECK: ttkernel.cb_pop_front(%[[SPILL]], %c18_i32)
// CHECK: ttkernel.pack_tile({{.*}}) : (i32, !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>, i32) -> ()
// CHECK-NOT: ttkernel.pack_tile(
// CHECK: func.func @writer()
func.func @gelu_tanh(%g: tensor<2x64x64xbf16>, %x: tensor<2x64x64xbf16>) -> tensor<2x64x64xbf16> {
  %0 = ttir.gelu_bw %g, %x {approximate = "tanh"} : tensor<2x64x64xbf16>, tensor<2x64x64xbf16> -> tensor<2x64x64xbf16>
  return %0 : tensor<2x64x64xbf16>
}

// -----

// rsqrt: (-0.5 g) pow(x, -1.5), x and -0.5 g scaled by exact powers of two outside [2^-85,
// 2^84] (x - 2^-85 < 0: ltz, x - 2^84 > 0: gtz, each selecting by where_tile), and -0.5 g rsqrt(x)
// selected where x <= 0; no division.
// CHECK-LABEL: func.func @rsqrt(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.div_binary_tile(
// CHECK: ttkernel.ltz_tile(
// CHECK: ttkernel.where_tile(
// CHECK: ttkernel.gtz_tile(
// CHECK: ttkernel.where_tile(
// CHECK: ttkernel.power_binary_tile(
// CHECK: ttkernel.rsqrt_tile(
// CHECK: ttkernel.lez_tile(
// CHECK: ttkernel.where_tile(
// CHECK-NOT: ttkernel.div_binary_tile(
// CHECK: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
func.func @rsqrt(%g: tensor<64x64xf32>, %x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = ttir.rsqrt_bw %g, %x : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// relu: x <= 0 ? 0 : g: lez_tile, a filled zero, where_tile; no arithmetic.
// CHECK-LABEL: func.func @relu(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.lez_tile(
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.where_tile(
// CHECK-NOT: _binary_tile(
// CHECK: ttkernel.pack_tile(
func.func @relu(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.relu_bw %g, %x : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// log: g / x, one bf16 division: div_binary_tile alone.
// CHECK-LABEL: func.func @log(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.div_binary_tile(
// CHECK-NOT: _tile(%c{{[0-9]+}}_i32) : (i32) -> ()
// CHECK: ttkernel.pack_tile(
func.func @log(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.log_bw %g, %x : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// tanh: 4 (g - g t) t at 2x, t = s(-|2x|) (sigmoid_bw's product, no tanh_tile), g t where
// g - g != 0 (an infinite or NaN g), times 4 last: one sigmoid_tile.
// CHECK-LABEL: func.func @tanh(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.tanh_tile(
// CHECK: ttkernel.abs_tile(
// CHECK: ttkernel.negative_tile(
// CHECK: ttkernel.sigmoid_tile(
// CHECK-NOT: ttkernel.sigmoid_tile(
// CHECK: ttkernel.where_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
func.func @tanh(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.tanh_bw %g, %x : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// exp: (g * exp(b)) * s (b = x, s = 1 on [-64, 64]; shifted by ~64 ln2 and scaled by 2^-+64
// beyond): one exp_tile of the selected argument, then the two SFPU products.
// CHECK-LABEL: func.func @exp(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.where_tile(
// CHECK: ttkernel.exp_tile(
// CHECK-NOT: ttkernel.exp_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
func.func @exp(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.exp_bw %g, %x : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// sqrt: g / (2 sqrt(x)): sqrt_tile, the constant 2 (fill_tile), a product and a quotient.
// CHECK-LABEL: func.func @sqrt(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.sqrt_tile(
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.div_binary_tile(
// CHECK: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
func.func @sqrt(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.sqrt_bw %g, %x : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// square: (g x) 2: the product first, then times the constant 2.
// CHECK-LABEL: func.func @square(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK-NOT: _tile(%c{{[0-9]+}}_i32) : (i32) -> ()
// CHECK: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
func.func @square(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.square_bw %g, %x : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// reciprocal (real): -((g / x) / x): two quotients, then negative_tile; no recip_tile.
// CHECK-LABEL: func.func @reciprocal(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.recip_tile(
// CHECK-COUNT-2: ttkernel.div_binary_tile(
// CHECK: ttkernel.negative_tile(
// CHECK: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
func.func @reciprocal(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.reciprocal_bw %g, %x : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// neg: -g: negative_tile of grad alone; the input is not read.
// CHECK-LABEL: func.func @neg(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @reader()
// CHECK-COUNT-1: ttkernel.noc_async_read_tile(
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.negative_tile(
// CHECK-NOT: _tile(%c{{[0-9]+}}_i32) : (i32) -> ()
// CHECK: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
func.func @neg(%g: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = ttir.neg_bw %g, %x : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// silu: three forms of the rule selected with where (x >= 0, x + 1/2 >= 0: gez_tile each), the
// root's polynomial (|x - r| - 1/4 <= 0: lez_tile) and +-g by the slope's sign (x - root >= 0:
// gez_tile) where g is not finite: still one program
// (the expression fits the fp32 DST's 4 tiles, where holding t = s(-|x|) over the three would
// not: t is computed for each of its 6 uses).
// CHECK-LABEL: func.func @silu(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK-COUNT-2: ttkernel.gez_tile(
// CHECK: ttkernel.lez_tile(
// CHECK: ttkernel.gez_tile(
// CHECK-NOT: ttkernel.{{gez|lez}}_tile(
// CHECK: func.func @writer()
func.func @silu(%g: tensor<2x64x64xbf16>, %x: tensor<2x64x64xbf16>) -> tensor<2x64x64xbf16> {
  %0 = ttir.silu_bw %g, %x : tensor<2x64x64xbf16>, tensor<2x64x64xbf16> -> tensor<2x64x64xbf16>
  return %0 : tensor<2x64x64xbf16>
}

// -----

// sigmoid: (g - g t) t, t = s(-|x|), and g t where g - g != 0 (an infinite or NaN g): the
// where_tile tests g - g itself; one sigmoid_tile, t and g t held in DST; below -|x| = -84
// (-|x| + 84 < 0: ltz, where_tile) (g 2^-126) exp(-|x| + 126 ln2) plus its tail: one exp_tile.
// CHECK-LABEL: func.func @sigmoid(
// CHECK-COUNT-1: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.sigmoid_tile(
// CHECK: ttkernel.exp_tile(
// CHECK: ttkernel.abs_tile(
// CHECK: ttkernel.negative_tile(
// CHECK: ttkernel.sigmoid_tile(
// CHECK: ttkernel.sub_binary_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.sub_binary_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.where_tile(
// CHECK: ttkernel.ltz_tile(
// CHECK: ttkernel.where_tile(
// CHECK-NOT: ttkernel.{{sigmoid|exp}}_tile(
// CHECK: ttkernel.pack_tile(
// CHECK-NOT: ttkernel.pack_tile(
func.func @sigmoid(%g: tensor<64x64xf32>, %x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = ttir.sigmoid_bw %g, %x : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
