// The printing flags: --mlir-print-op-generic, --mlir-print-local-scope (no aliases),
// --mlir-elide-elementsattrs-if-larger=N.
// RUN: ttbw-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: ttbw-opt --mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL
// RUN: ttbw-opt --mlir-elide-elementsattrs-if-larger=2 %s | FileCheck %s --check-prefix=ELIDE

// GENERIC: "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}>
// LOCAL-NOT: #map
// LOCAL: linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]
// ELIDE: arith.constant dense_resource<__elided__> : tensor<4xf32>
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%c : tensor<4xf32>) outs(%x : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
