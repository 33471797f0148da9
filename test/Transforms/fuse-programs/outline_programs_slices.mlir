// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs %s | FileCheck %s
// A slice (tensor.extract_slice) is a view: each program reading it takes a copy of it, its source
// as the program's input (no program, no buffer for the window); a slice returned as it is gets a
// copy generic of its own.

// CHECK-LABEL: func.func private @window_into_add_program(%arg0: tensor<1x1x64x96xbf16>, %arg1: tensor<1x1x64x64xbf16>) -> tensor<1x1x64x64xbf16> attributes {ttbw.program}
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %arg0[0, 0, 0, 32] [1, 1, 64, 64] [1, 1, 1, 1]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[S]], %arg1 :
// CHECK-LABEL: func.func @window_into_add(
// CHECK-NEXT: call @window_into_add_program(%arg0, %arg1)
// CHECK-NEXT: return
func.func @window_into_add(%g: tensor<1x1x64x96xbf16>, %y: tensor<1x1x64x64xbf16>) -> tensor<1x1x64x64xbf16> {
  %0 = "ttir.slice_static"(%g) <{begins = [0 : i32, 0 : i32, 0 : i32, 32 : i32], ends = [1 : i32, 1 : i32, 64 : i32, 96 : i32], step = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x1x64x96xbf16>) -> tensor<1x1x64x64xbf16>
  %1 = "ttir.add"(%0, %y) : (tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16>) -> tensor<1x1x64x64xbf16>
  return %1 : tensor<1x1x64x64xbf16>
}

// -----

// Two windows of one input returned (concat_bw's parts): a copy program each, both reading %arg0;
// of different shapes they cannot be one program's siblings (one iteration space per program).
// CHECK-LABEL: func.func private @parts_0_copy(%arg0: tensor<1x1x64x96xbf16>) -> tensor<1x1x64x64xbf16> attributes {ttbw.program}
// CHECK-NEXT: %[[A:.*]] = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1]
// CHECK: linalg.generic {{.*}} ins(%[[A]] :
// CHECK-NEXT: ^bb0(%[[IN:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT: linalg.yield %[[IN]] : bf16
// CHECK-LABEL: func.func private @parts_1_copy(%arg0: tensor<1x1x64x96xbf16>) -> tensor<1x1x64x32xbf16> attributes {ttbw.program}
// CHECK-NEXT: tensor.extract_slice %arg0[0, 0, 0, 64] [1, 1, 64, 32] [1, 1, 1, 1]
// CHECK-LABEL: func.func @parts(
// CHECK-NEXT: call @parts_0_copy(%arg0)
// CHECK-NEXT: call @parts_1_copy(%arg0)
func.func @parts(%g: tensor<1x1x64x96xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x64x32xbf16>) {
  %0 = "ttir.slice_static"(%g) <{begins = [0 : i32, 0 : i32, 0 : i32, 0 : i32], ends = [1 : i32, 1 : i32, 64 : i32, 64 : i32], step = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x1x64x96xbf16>) -> tensor<1x1x64x64xbf16>
  %1 = "ttir.slice_static"(%g) <{begins = [0 : i32, 0 : i32, 0 : i32, 64 : i32], ends = [1 : i32, 1 : i32, 64 : i32, 96 : i32], step = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x1x64x96xbf16>) -> tensor<1x1x64x32xbf16>
  // expected-warning @+1 {{function @parts is not one fused program (codegen: sibling generics over different iteration spaces [1, 1, 64, 64] / [1, 1, 64, 32]): lowered as 2 programs}}
  return %0, %1 : tensor<1x1x64x64xbf16>, tensor<1x1x64x32xbf16>
}

// -----

// Two windows of one shape: siblings of one program, %arg0 read twice through two windows.
// CHECK-LABEL: func.func private @halves_program(%arg0: tensor<2x64x64xf32>) -> (tensor<2x32x64xf32>, tensor<2x32x64xf32>) attributes {ttbw.program}
// CHECK-DAG: tensor.extract_slice %arg0[0, 0, 0] [2, 32, 64] [1, 1, 1]
// CHECK-DAG: tensor.extract_slice %arg0[0, 32, 0] [2, 32, 64] [1, 1, 1]
// CHECK-LABEL: func.func @halves(
// CHECK-NEXT: call @halves_program(%arg0)
func.func @halves(%g: tensor<2x64x64xf32>) -> (tensor<2x32x64xf32>, tensor<2x32x64xf32>) {
  %0 = "ttir.slice_static"(%g) <{begins = [0 : i32, 0 : i32, 0 : i32], ends = [2 : i32, 32 : i32, 64 : i32], step = [1 : i32, 1 : i32, 1 : i32]}> : (tensor<2x64x64xf32>) -> tensor<2x32x64xf32>
  %1 = "ttir.slice_static"(%g) <{begins = [0 : i32, 32 : i32, 0 : i32], ends = [2 : i32, 64 : i32, 64 : i32], step = [1 : i32, 1 : i32, 1 : i32]}> : (tensor<2x64x64xf32>) -> tensor<2x32x64xf32>
  return %0, %1 : tensor<2x32x64xf32>, tensor<2x32x64xf32>
}

// -----

// A ROW_MAJOR window given back TILE (concat_bw of a ROW_MAJOR grad, TILE inputs: the part's
// layout cast): its copy generic writes the result's layout.
// CHECK-LABEL: func.func private @relayout_program(%arg0: tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<32x64xbf16> attributes {ttbw.program}
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %arg0[32, 0] [32, 64] [1, 1]
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<32x64xbf16>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[S]] : tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>) outs(%[[E]] : tensor<32x64xbf16>)
// CHECK-LABEL: func.func @relayout(
// CHECK-NEXT: call @relayout_program(%arg0)
func.func @relayout(%g: tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<32x64xbf16> {
  %0 = "ttir.slice_static"(%g) <{begins = [32 : i32, 0 : i32], ends = [64 : i32, 64 : i32], step = [1 : i32, 1 : i32]}> : (tensor<64x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>
  %1 = "ttir.typecast"(%0) : (tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<32x64xbf16>
  return %1 : tensor<32x64xbf16>
}
