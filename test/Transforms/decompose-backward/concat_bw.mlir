// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// concat_bw's rule (passes/derivatives_binary.py): each gradient is its part of grad along dim,
// a ttir.slice_static (a view: exact, grad's layout kept); a gradient not requested is not built.

// CHECK-LABEL: func.func @parts
// CHECK-NOT: ttir.concat_bw
// CHECK: %[[A:.*]] = "ttir.slice_static"(%arg0) <{begins = [0 : i32, 0 : i32, 0 : i32, 0 : i32], ends = [1 : i32, 1 : i32, 64 : i32, 80 : i32], step = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x1x64x96xbf16>) -> tensor<1x1x64x80xbf16>
// CHECK: %[[B:.*]] = "ttir.slice_static"(%arg0) <{begins = [0 : i32, 0 : i32, 0 : i32, 80 : i32], ends = [1 : i32, 1 : i32, 64 : i32, 96 : i32], step = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x1x64x96xbf16>) -> tensor<1x1x64x16xbf16>
// CHECK: return %[[A]], %[[B]]
func.func @parts(%g: tensor<1x1x64x96xbf16>, %a: tensor<1x1x64x80xbf16>, %b: tensor<1x1x64x16xbf16>) -> (tensor<1x1x64x80xbf16>, tensor<1x1x64x16xbf16>) {
  %0:2 = ttir.concat_bw %g, %a, %b {dim = -1 : si32} : tensor<1x1x64x96xbf16>, tensor<1x1x64x80xbf16>, tensor<1x1x64x16xbf16> -> input_grad tensor<1x1x64x80xbf16> other_grad tensor<1x1x64x16xbf16>
  return %0#0, %0#1 : tensor<1x1x64x80xbf16>, tensor<1x1x64x16xbf16>
}

// -----

// dim 0 by default; only other's gradient requested; a ROW_MAJOR grad's part stays ROW_MAJOR.
// CHECK-LABEL: func.func @other_only
// CHECK-NEXT: %[[B:.*]] = "ttir.slice_static"(%arg0) <{begins = [2 : i32, 0 : i32], ends = [5 : i32, 64 : i32], step = [1 : i32, 1 : i32]}> : (tensor<5x64xf32, #ttir.layout<"f32", "row_major">>) -> tensor<3x64xf32, #ttir.layout<"f32", "row_major">>
// CHECK-NEXT: return %[[B]]
func.func @other_only(%g: tensor<5x64xf32, #ttir.layout<"f32", "row_major">>, %a: tensor<2x64xf32, #ttir.layout<"f32", "row_major">>, %b: tensor<3x64xf32, #ttir.layout<"f32", "row_major">>) -> tensor<3x64xf32, #ttir.layout<"f32", "row_major">> {
  %0 = ttir.concat_bw %g, %a, %b {are_required_outputs = array<i1: false, true>} : tensor<5x64xf32, #ttir.layout<"f32", "row_major">>, tensor<2x64xf32, #ttir.layout<"f32", "row_major">>, tensor<3x64xf32, #ttir.layout<"f32", "row_major">> -> other_grad tensor<3x64xf32, #ttir.layout<"f32", "row_major">>
  return %0 : tensor<3x64xf32, #ttir.layout<"f32", "row_major">>
}
