// RUN: ttbw-opt --split-input-file --convert-linalg-to-ttkernel %s | FileCheck %s
// What the host function holds besides calls: a free reshape of a program's result (a view of
// its buffer), an intermediate (a DRAM buffer created before the launch writing it and freed
// after the last reading it), a preallocated result (the program writes the argument's buffer,
// which is not uploaded), a runtime scalar (the f32 argument the launch binds), a result's
// memory_config.

#id = affine_map<(d0, d1) -> (d0, d1)>
#s = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @f(%arg0: memref<1x32x64xbf16>, %arg1: f32, %arg2: memref<32x64xbf16>)
// CHECK: %[[X:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg0", ttbw.shape = array<i64: 1, 32, 64>
// CHECK: %[[OUT:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg2"{{.*}}#l1>
// CHECK: "ttmetal.enqueue_write_buffer"(%arg0, %[[X]])
// CHECK-NOT: "ttmetal.enqueue_write_buffer"
// CHECK: %[[T:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "elementwise0", ttbw.shape = array<i64: 1, 32, 64>{{.*}}#dram>
// CHECK: "ttmetal.enqueue_program"(%[[X]], %[[T]], %arg1,
// CHECK-SAME: @f_0_elementwise::@reader
// CHECK-SAME: scalar_slots
// CHECK: "ttmetal.enqueue_program"(%[[T]], %[[OUT]],
// CHECK-SAME: @f_1_elementwise::@reader
// CHECK: "ttmetal.deallocate_buffer"(%[[T]])
// CHECK: "ttmetal.enqueue_read_buffer"(%[[OUT]],
// CHECK: module @f_0_elementwise
// CHECK: module @f_1_elementwise
func.func private @f_0_elementwise(%x: tensor<1x32x64xbf16>, %s: f32) -> tensor<1x32x64xbf16> attributes {ttbw.program} {
  %scalar = tensor.from_elements %s : tensor<f32>
  %0 = tensor.empty() : tensor<1x32x64xbf16>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %scalar : tensor<1x32x64xbf16>, tensor<f32>) outs(%0 : tensor<1x32x64xbf16>) {
  ^bb0(%in: bf16, %v: f32, %o: bf16):
    %e = arith.extf %in : bf16 to f32
    %m = arith.mulf %e, %v : f32
    %t = arith.truncf %m : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<1x32x64xbf16>
  return %1 : tensor<1x32x64xbf16>
}
func.func private @f_1_elementwise(%x: tensor<32x64xbf16>) -> tensor<32x64xbf16> attributes {ttbw.program} {
  %0 = tensor.empty() : tensor<32x64xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x64xbf16>) outs(%0 : tensor<32x64xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  } -> tensor<32x64xbf16>
  return %1 : tensor<32x64xbf16>
}
func.func @f(%x: tensor<1x32x64xbf16>, %s: f32, %out: tensor<32x64xbf16>) -> (tensor<32x64xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}) {
  %0 = call @f_0_elementwise(%x, %s) : (tensor<1x32x64xbf16>, f32) -> tensor<1x32x64xbf16>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<1x32x64xbf16> into tensor<32x64xbf16>
  %2 = call @f_1_elementwise(%1) : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  %3 = bufferization.materialize_in_destination %2 in %out : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %3 : tensor<32x64xbf16>
}
