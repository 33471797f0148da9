// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// Comparisons are exact IEEE from the SFPU's compares with zero: against 0.0 one op; a >= b
// as ordered - ltz(a - b), ordered = gez(m) + ltz(m), m = min(a, b) (NaN when unordered; a - b
// alone would say inf >= inf is false). where(c, t, f) is where_tile on c itself (it tests
// c != 0), with the fp32 DST's data type.

// CHECK-LABEL: func.func @ge_where(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.binary_min_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK-NEXT: ttkernel.gez_tile_init()
// CHECK-NEXT: ttkernel.gez_tile(%c0_i32)
// CHECK: ttkernel.binary_min_tile(%c1_i32, %c2_i32, %c1_i32)
// CHECK-NEXT: ttkernel.ltz_tile_init()
// CHECK-NEXT: ttkernel.ltz_tile(%c1_i32)
// CHECK-NEXT: ttkernel.add_binary_tile_init()
// CHECK-NEXT: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK: ttkernel.sub_binary_tile(%c1_i32, %c2_i32, %c1_i32)
// CHECK-NEXT: ttkernel.ltz_tile_init()
// CHECK-NEXT: ttkernel.ltz_tile(%c1_i32)
// CHECK-NEXT: ttkernel.sub_binary_tile_init()
// CHECK-NEXT: ttkernel.sub_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK: ttkernel.where_tile_init()
// CHECK-NEXT: ttkernel.where_tile(%c0_i32, %c1_i32, %c2_i32, %c0_i32, <f32>)
// CHECK-NEXT: ttkernel.tile_regs_commit()
func.func @ge_where(%a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>, %g: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = "ttir.ge"(%a, %b) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %1 = "ttir.where"(%0, %g, %b) : (tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %1 : tensor<64x64xbf16>
}

// -----

// Against a 0.0 constant: one compare op (the constant folded into the region).
// CHECK-LABEL: func.func @gt_zero(
// CHECK: func.func @compute()
// CHECK: ttkernel.copy_tile(
// CHECK-NEXT: ttkernel.gtz_tile_init()
// CHECK-NEXT: ttkernel.gtz_tile(%c0_i32)
// CHECK-NEXT: ttkernel.tile_regs_commit()
func.func @gt_zero(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %z = "ttir.full"() {shape = array<i32>, fill_value = 0.0 : f32} : () -> tensor<f32>
  %0 = "ttir.gt"(%a, %z) : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
