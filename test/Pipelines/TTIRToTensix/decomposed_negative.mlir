// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s
// TTIR the host lowering (convert-linalg-to-ttkernel) has no program for is refused at the op.

func.func @reshape_moving_data(%a: tensor<32x64xbf16>, %b: tensor<32x64xbf16>) -> tensor<64x32xbf16> {
  %0 = "ttir.add"(%a, %b) : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  // expected-error @+1 {{'ttir.reshape' op: unsupported: reshape [32, 64] -> [64, 32] moves data}}
  %1 = "ttir.reshape"(%0) {shape = [64 : i32, 32 : i32]} : (tensor<32x64xbf16>) -> tensor<64x32xbf16>
  return %1 : tensor<64x32xbf16>
}

// -----

func.func @lone_full() -> tensor<f32> {
  // expected-error @+1 {{'arith.constant' op: unsupported: a constant tensor no program computes}}
  %0 = "ttir.full"() {fill_value = 4.000000e+00 : f32, shape = array<i32>} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// expected-error @+1 {{'func.func' op: result 0: ttir.memory_config: unknown memory_config "l1"}}
func.func @malformed_memory_config(%arg0: tensor<32x32xbf16>, %arg1: tensor<32x32xbf16>, %arg2: tensor<32x32xbf16>) -> (tensor<32x32xbf16> {ttir.memory_config = "l1"}) {
  %0 = "ttir.multiply"(%arg0, %arg2) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
