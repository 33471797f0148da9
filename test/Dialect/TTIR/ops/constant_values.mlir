// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// ttir.constant takes tt-mlir's values: dense elements inline or as a resource, of ints or floats.

// CHECK-LABEL: func.func @dense_resource
func.func @dense_resource() -> tensor<2xf32> {
  // CHECK: "ttir.constant"() <{value = dense_resource<two_floats> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "ttir.constant"() <{value = dense_resource<two_floats> : tensor<2xf32>}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      two_floats: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @integers
func.func @integers() -> (tensor<2xi32>, tensor<3xi1>) {
  // CHECK: "ttir.constant"() <{value = dense<[7, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "ttir.constant"() <{value = dense<[7, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "ttir.constant"() <{value = dense<[true, false, true]> : tensor<3xi1>}> : () -> tensor<3xi1>
  %1 = "ttir.constant"() <{value = dense<[true, false, true]> : tensor<3xi1>}> : () -> tensor<3xi1>
  return %0, %1 : tensor<2xi32>, tensor<3xi1>
}
