// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttbw-outline-programs %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --ttbw-outline-programs="fuse=false" %s | FileCheck %s --check-prefix=COMPOSITE
// Each function's generics become programs: private functions marked ttbw.program that the
// function calls in launch order. With fusion the whole function is one program when the
// codegen takes it; ttnn's composite path (fuse=false) is one program per TTIR op (by the
// `ttbw.op` convert-ttir-to-linalg gives each op's linalg).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
// Two siblings over one space, a product and the sum of another: one program; its arguments are
// the function's in their order, a scalar's f32 argument among them, its constants copied in.
// CHECK-LABEL: func.func private @siblings_program(%arg0: tensor<64x32xbf16>, %arg1: tensor<64x32xbf16>, %arg2: f32) -> (tensor<64x32xbf16>, tensor<1x32xf32>) attributes {ttbw.program}
// CHECK: tensor.from_elements %arg2
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK: return
// CHECK-LABEL: func.func @siblings(
// CHECK-NEXT: %[[R:.*]]:2 = call @siblings_program(%arg0, %arg1, %arg2)
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
// COMPOSITE-LABEL: func.func private @siblings_0_multiply(%arg0: tensor<64x32xbf16>, %arg1: f32)
// COMPOSITE-LABEL: func.func private @siblings_1_sum(%arg0: tensor<64x32xbf16>)
// COMPOSITE-LABEL: func.func @siblings(
// COMPOSITE-NEXT: %[[P:.*]] = call @siblings_0_multiply(%arg0, %arg2)
// COMPOSITE-NEXT: %[[S:.*]] = call @siblings_1_sum(%arg1)
// COMPOSITE-NEXT: return %[[P]], %[[S]]
func.func @siblings(%g: tensor<64x32xbf16>, %a: tensor<64x32xbf16>, %s: f32) -> (tensor<64x32xbf16>, tensor<1x32xf32>) {
  %scalar = tensor.from_elements %s : tensor<f32>
  %0 = tensor.empty() : tensor<64x32xbf16>
  %1 = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> ()>, #id], iterator_types = ["parallel", "parallel"], ttbw.op = "multiply"} ins(%g, %scalar : tensor<64x32xbf16>, tensor<f32>) outs(%0 : tensor<64x32xbf16>) {
  ^bb0(%in: bf16, %in_0: f32, %out: bf16):
    %e = arith.extf %in : bf16 to f32
    %m = arith.mulf %e, %in_0 : f32
    %t = arith.truncf %m : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<64x32xbf16>
  %cst = arith.constant 0.000000e+00 : f32
  %2 = tensor.empty() : tensor<1x32xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %4 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "parallel"], ttbw.op = "sum"} ins(%a : tensor<64x32xbf16>) outs(%3 : tensor<1x32xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    %r = arith.addf %out, %e : f32
    linalg.yield %r : f32
  } -> tensor<1x32xf32>
  return %1, %4 : tensor<64x32xbf16>, tensor<1x32xf32>
}

// -----

// A sum read back over its summed dims: one program (the read-back walk), no warning.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func private @read_back_program(%arg0: tensor<64x32xf32>) -> tensor<64x32xf32>
// CHECK-LABEL: func.func @read_back(
// CHECK-NEXT: %[[D:.*]] = call @read_back_program(%arg0)
// CHECK-NEXT: return %[[D]]
func.func @read_back(%x: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<64x32xf32>) outs(%1 : tensor<1x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<1x32xf32>
  %3 = tensor.empty() : tensor<64x32xf32>
  %4 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %2 : tensor<64x32xf32>, tensor<1x32xf32>) outs(%3 : tensor<64x32xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %d = arith.subf %in, %in_0 : f32
    linalg.yield %d : f32
  } -> tensor<64x32xf32>
  return %4 : tensor<64x32xf32>
}

// -----

// An argument returned as it is gets an identity generic (a copy program); a preallocated
// result stays in the function, the program's value materialized into the argument.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func private @copy_and_prealloc_program(%arg0: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
// CHECK-LABEL: func.func @copy_and_prealloc(
// CHECK-NEXT: %[[R:.*]]:2 = call @copy_and_prealloc_program(%arg0)
// CHECK-NEXT: %[[M:.*]] = bufferization.materialize_in_destination %[[R]]#1 in %arg1
// CHECK-NEXT: return %[[R]]#0, %[[M]]
func.func @copy_and_prealloc(%x: tensor<32x32xbf16>, %out: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0 = tensor.empty() : tensor<32x32xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x32xbf16>) outs(%0 : tensor<32x32xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  } -> tensor<32x32xbf16>
  %2 = bufferization.materialize_in_destination %1 in %out : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %x, %2 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// No generic, nothing returned that is on the device: nothing outlined.
// CHECK-LABEL: func.func @nothing(
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<0x32xbf16>
// CHECK-NEXT: return %[[E]]
// CHECK-NOT: ttbw.program
func.func @nothing(%x: tensor<0x32xbf16>) -> tensor<0x32xbf16> {
  %0 = tensor.empty() : tensor<0x32xbf16>
  return %0 : tensor<0x32xbf16>
}
