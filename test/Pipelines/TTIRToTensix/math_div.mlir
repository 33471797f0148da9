// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// div / maximum / minimum / pow: SFPU binary tile ops on two DST tiles, the result in the
// first operand's tile; a broadcast divisor is read once per row of tiles.

// CHECK-LABEL: func.func @div(
// CHECK: func.func @compute()
// CHECK: ttkernel.copy_tile(%{{.*}}, %{{.*}}, %c0_i32)
// CHECK: ttkernel.copy_tile(%{{.*}}, %{{.*}}, %c1_i32)
// CHECK-NEXT: ttkernel.div_binary_tile_init() : () -> ()
// CHECK-NEXT: ttkernel.div_binary_tile(%c0_i32, %c1_i32, %c0_i32) : (i32, i32, i32) -> ()
// CHECK-NEXT: ttkernel.tile_regs_commit()
func.func @div(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.div"(%a, %b) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// CHECK-LABEL: func.func @max_min_pow(
// CHECK: func.func @compute()
// CHECK: ttkernel.binary_max_tile(
// CHECK: ttkernel.binary_min_tile(
// CHECK: ttkernel.power_binary_tile(
func.func @max_min_pow(%a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = "ttir.maximum"(%a, %b) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %1 = "ttir.minimum"(%0, %b) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %2 = "ttir.pow"(%1, %b) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %2 : tensor<64x64xbf16>
}
