// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// tt-mlir's ttcore / ttnn attributes, types and ops in TTIR parse in ttbw's context and print
// back as written (dialect/ForeignDialects.td); aliases they name are resolved.

#l1 = #ttnn.buffer_type<l1>
#ttnn_layout = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<1x1x!ttcore.tile<32x32, f32>, #l1>, <block_sharded>>
module attributes {ttcore.system_desc = #ttcore.system_desc<[{arch = <wormhole_b0>, grid = 8x8}], [0], [3 : i32], [ 0x0x0x0]>} {
  // CHECK: module attributes {ttcore.system_desc = #ttcore.system_desc<[{arch = <wormhole_b0>, grid = 8x8}], [0], [3 : i32], [ 0x0x0x0]>}
  // CHECK-LABEL: func.func @arguments
  // CHECK-SAME: {ttcore.argument_type = #ttcore.argument_type<input>}
  // CHECK-SAME: tensor<1x1x!ttcore.tile<32x32, bf16>>
  // CHECK-SAME: tensor<32x32xf32, #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<1x1x!ttcore.tile<32x32, f32>, #ttnn.buffer_type<l1>>, <block_sharded>>>
  func.func @arguments(%arg0: tensor<32x32xbf16> {ttcore.argument_type = #ttcore.argument_type<input>},
                       %arg1: tensor<1x1x!ttcore.tile<32x32, bf16>>,
                       %arg2: tensor<32x32xf32, #ttnn_layout>) -> tensor<32x32xbf16> {
    // CHECK: "ttir.neg"(%arg0) {ttcore.weight_dtype = "bfp_bf4"}
    %0 = "ttir.neg"(%arg0) {ttcore.weight_dtype = "bfp_bf4"} : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
    return %0 : tensor<32x32xbf16>
  }
}

// -----

module {
  // CHECK-LABEL: func.func @ops
  func.func @ops(%arg0: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
    // CHECK: ttcore.load_cached(@const_eval_0, [%arg0]) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
    %0 = ttcore.load_cached(@const_eval_0, [%arg0]) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
    // CHECK: "ttnn.relu"(%0) {core = #ttnn.core_range<(0, 0), (0, 0)>}
    %1 = "ttnn.relu"(%0) {core = #ttnn.core_range<(0, 0), (0, 0)>} : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
    return %1 : tensor<32x32xbf16>
  }
  // CHECK-LABEL: func.func @const_eval_0
  func.func @const_eval_0(%arg0: tensor<32x32xbf16>) -> tensor<32x32xbf16> attributes {ttcore.const_eval} {
    return %arg0 : tensor<32x32xbf16>
  }
}

// -----

// CHECK: ttcore.device_module {
// CHECK-NEXT: builtin.module {
// CHECK-LABEL: func.func @on_device
// CHECK: ttcore.cpu_module {
ttcore.device_module {
  builtin.module {
    func.func @on_device(%arg0: tensor<32xf32>) -> tensor<32xf32> {
      return %arg0 : tensor<32xf32>
    }
  }
}
ttcore.cpu_module {
  builtin.module {
  }
}
