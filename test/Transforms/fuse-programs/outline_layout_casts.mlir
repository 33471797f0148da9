// RUN: ttbw-opt --split-input-file --ttbw-outline-programs %s | FileCheck %s
// The tensor.cast canonicalize makes of a layout-only copy (g * 1 of a ROW_MAJOR f32 g folded)
// is no view: a generic reading it reads its source in the source's layout, and a cast given
// back as it is becomes a copy into the result's layout (a program writes its pages).

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func private @read_through_program(%arg0: tensor<40x50xf32, #ttir.layout<"f32", "row_major">>) -> tensor<40x50xf32> attributes {ttbw.program}
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<40x50xf32, #ttir.layout<"f32", "row_major">>)
// CHECK-LABEL: func.func @read_through(
// CHECK-NOT: tensor.cast
// CHECK: call @read_through_program(%arg0)
func.func @read_through(%x: tensor<40x50xf32, #ttir.layout<"f32", "row_major">>) -> tensor<40x50xf32> {
  %cast = tensor.cast %x : tensor<40x50xf32, #ttir.layout<"f32", "row_major">> to tensor<40x50xf32>
  %0 = tensor.empty() : tensor<40x50xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%cast : tensor<40x50xf32>) outs(%0 : tensor<40x50xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<40x50xf32>
  return %1 : tensor<40x50xf32>
}

// -----

// CHECK-LABEL: func.func private @returned_program(%arg0: tensor<40x50xf32, #ttir.layout<"f32", "row_major">>) -> tensor<40x50xf32> attributes {ttbw.program}
// CHECK: %[[COPY:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<40x50xf32, #ttir.layout<"f32", "row_major">>) outs(%{{.*}} : tensor<40x50xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: return %[[COPY]] : tensor<40x50xf32>
// CHECK-LABEL: func.func @returned(
// CHECK: %[[R:.*]] = call @returned_program(%arg0)
// CHECK-NEXT: return %[[R]]
func.func @returned(%x: tensor<40x50xf32, #ttir.layout<"f32", "row_major">>) -> tensor<40x50xf32> {
  %cast = tensor.cast %x : tensor<40x50xf32, #ttir.layout<"f32", "row_major">> to tensor<40x50xf32>
  return %cast : tensor<40x50xf32>
}

// -----

// The other way: a TILE argument given back ROW_MAJOR.
// CHECK-LABEL: func.func private @to_row_major_program(%arg0: tensor<40x50xbf16>) -> tensor<40x50xbf16, #ttir.layout<"bf16", "row_major">> attributes {ttbw.program}
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<40x50xbf16>) outs(%{{.*}} : tensor<40x50xbf16, #ttir.layout<"bf16", "row_major">>)
func.func @to_row_major(%x: tensor<40x50xbf16>) -> tensor<40x50xbf16, #ttir.layout<"bf16", "row_major">> {
  %cast = tensor.cast %x : tensor<40x50xbf16> to tensor<40x50xbf16, #ttir.layout<"bf16", "row_major">>
  return %cast : tensor<40x50xbf16, #ttir.layout<"bf16", "row_major">>
}
