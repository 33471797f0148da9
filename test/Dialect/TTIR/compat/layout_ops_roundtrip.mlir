// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// tt-mlir's layout ops in the custom forms tt-mlir prints: read and printed back as written.

// CHECK-LABEL: func.func @to_layout
func.func @to_layout(%x: tensor<32x32xbf16>) -> tensor<32x32xf32> {
  %0 = ttir.empty() : tensor<32x32xf32>
  // CHECK: ttir.to_layout %arg0, %{{.*}} : tensor<32x32xbf16> into tensor<32x32xf32> -> tensor<32x32xf32>
  %1 = ttir.to_layout %x, %0 : tensor<32x32xbf16> into tensor<32x32xf32> -> tensor<32x32xf32>
  return %1 : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: func.func @to_layout_host_info
func.func @to_layout_host_info(%x: tensor<64x128xf32>, %y: tensor<64x128xf32, #ttcore.metal_layout<logical_shape = 64x128, dim_alignments = 32x32, collapsed_intervals = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>, l1, sharded>>) {
  // CHECK: ttir.to_layout %arg0, %arg1 : tensor<64x128xf32> into tensor<64x128xf32, #ttcore.metal_layout<{{.*}}>> hostInfo = #ttcore.metal_layout<logical_shape = 64x128, {{.*}}, system, sharded>{{$}}
  ttir.to_layout %x, %y : tensor<64x128xf32> into tensor<64x128xf32, #ttcore.metal_layout<logical_shape = 64x128, dim_alignments = 32x32, collapsed_intervals = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>, l1, sharded>> hostInfo = #ttcore.metal_layout<logical_shape = 64x128, dim_alignments = 32x32, collapsed_intervals = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>, system, sharded>
  return
}

// -----

// CHECK: #[[MAP:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @ttnn_metal_layout_cast
func.func @ttnn_metal_layout_cast(%x: tensor<32x32xf32, #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<1x1x!ttcore.tile<32x32, f32>, #ttnn.buffer_type<l1>>, <block_sharded>>>) -> tensor<1x1x1x1x!ttcore.tile<32x32, f32>, #ttcore.metal_layout<logical_shape = 32x32, dim_alignments = 32x32, collapsed_intervals = dense<[[0, -1]]> : tensor<1x2xi64>, l1, sharded>> {
  // CHECK: ttir.ttnn_metal_layout_cast %arg0 {virtual_grid_forward_mapping = #[[MAP]]} : tensor<32x32xf32, #ttnn.ttnn_layout<{{.*}}>> -> tensor<1x1x1x1x!ttcore.tile<32x32, f32>, #ttcore.metal_layout<{{.*}}>>
  %0 = ttir.ttnn_metal_layout_cast %x {virtual_grid_forward_mapping = affine_map<(d0, d1) -> (d1, d0)>} : tensor<32x32xf32, #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<1x1x!ttcore.tile<32x32, f32>, #ttnn.buffer_type<l1>>, <block_sharded>>> -> tensor<1x1x1x1x!ttcore.tile<32x32, f32>, #ttcore.metal_layout<logical_shape = 32x32, dim_alignments = 32x32, collapsed_intervals = dense<[[0, -1]]> : tensor<1x2xi64>, l1, sharded>>
  return %0 : tensor<1x1x1x1x!ttcore.tile<32x32, f32>, #ttcore.metal_layout<logical_shape = 32x32, dim_alignments = 32x32, collapsed_intervals = dense<[[0, -1]]> : tensor<1x2xi64>, l1, sharded>>
}
