// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// DST values spilled to L1: a section of its own computes the value, packs it into the f32
// spill CB (one page per spilled value: exact, as DST is fp32) and pushes it; later sections
// wait for its page and copy it back into a DST slot (copy_tile at its page index); the
// step's last reader pops every page. One program in each case.

// exp(x) read twice, once by a unary op (log works in place): computed once and spilled, not
// computed again (dst_plan would give log a recomputed copy).
// CHECK-LABEL: func.func @shared_exp(
// CHECK: %[[SPILLBUF:.*]] = "ttmetal.create_buffer"() <{address = 8192 : i64}> : () -> memref<1x1x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<4096x4096, 1>, #l1>
// CHECK: "ttmetal.enqueue_program"({{.*}}%[[SPILLBUF]]{{.*}}) <{cb_ports = array<i64: 0, 24, 16>
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: %[[SPILL:.*]] = ttkernel.get_compile_time_arg_val({{[0-9]+}}) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, f32>>
// CHECK: ttkernel.tile_regs_acquire()
// CHECK: ttkernel.exp_tile(%c0_i32)
// CHECK-NOT: ttkernel.exp_tile(
// CHECK: ttkernel.tile_regs_wait()
// CHECK-NEXT: ttkernel.cb_reserve_back(%[[SPILL]], %c1_i32)
// CHECK-NEXT: ttkernel.pack_tile(%c0_i32, %[[SPILL]], %c0_i32, false)
// CHECK-NEXT: ttkernel.tile_regs_release()
// CHECK-NEXT: ttkernel.cb_push_back(%[[SPILL]], %c1_i32)
// CHECK-NEXT: ttkernel.tile_regs_acquire()
// CHECK-NEXT: ttkernel.cb_wait_front(%[[SPILL]], %c1_i32)
// CHECK: ttkernel.copy_tile(%[[SPILL]], %c0_i32, %c0_i32)
// CHECK: ttkernel.log_tile(%c0_i32)
// CHECK: ttkernel.cb_wait_front(%[[SPILL]], %c1_i32)
// CHECK: ttkernel.copy_tile(%[[SPILL]], %c0_i32, %c1_i32)
// CHECK: ttkernel.mul_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK-NEXT: ttkernel.cb_pop_front(%[[SPILL]], %c1_i32)
// CHECK-NEXT: ttkernel.tile_regs_commit()
// CHECK: ttkernel.pack_tile(%c0_i32, %{{.*}}, %c0_i32, false)
// CHECK: func.func @writer()
func.func @shared_exp(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.exp"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = "ttir.log"(%0) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = "ttir.multiply"(%1, %0) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %2 : tensor<64x64xf32>
}

// -----

// (ab·cd + ef·gh) · ((a+b)(c+d) − (e+f)(g+h)): a balanced tree 4 levels deep needs 5 DST
// tiles, the fp32 DST has 4. The neediest operand of the root (the first factor, 4 tiles) is
// computed in a section of its own and spilled; the second factor then fits next to its reload.
// CHECK-LABEL: func.func @deep(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: %[[SPILL:.*]] = ttkernel.get_compile_time_arg_val({{[0-9]+}}) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, f32>>
// CHECK: ttkernel.tile_regs_acquire()
// CHECK-COUNT-3: ttkernel.mul_binary_tile(
// CHECK: ttkernel.copy_tile(%{{.*}}, %c0_i32, %c3_i32)
// CHECK-COUNT-2: ttkernel.mul_binary_tile(
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[SPILL]], %c0_i32, false)
// CHECK: ttkernel.tile_regs_acquire()
// CHECK: ttkernel.sub_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK-NEXT: ttkernel.cb_wait_front(%[[SPILL]], %c1_i32)
// CHECK-NEXT: ttkernel.copy_tile_init(%[[SPILL]])
// CHECK-NEXT: ttkernel.copy_tile(%[[SPILL]], %c0_i32, %c1_i32)
// CHECK-NEXT: ttkernel.mul_binary_tile_init()
// CHECK-NEXT: ttkernel.mul_binary_tile(%c1_i32, %c0_i32, %c0_i32)
// CHECK-NEXT: ttkernel.cb_pop_front(%[[SPILL]], %c1_i32)
// CHECK-NOT: %c4_i32)
// CHECK: func.func @writer()
func.func @deep(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>, %d: tensor<32x32xf32>, %e: tensor<32x32xf32>, %f: tensor<32x32xf32>, %g: tensor<32x32xf32>, %h: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %0 = "ttir.multiply"(%a, %b) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %1 = "ttir.multiply"(%c, %d) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %2 = "ttir.multiply"(%e, %f) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %3 = "ttir.multiply"(%g, %h) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %4 = "ttir.add"(%a, %b) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %5 = "ttir.add"(%c, %d) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %6 = "ttir.add"(%e, %f) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %7 = "ttir.add"(%g, %h) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %8 = "ttir.multiply"(%0, %1) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %9 = "ttir.multiply"(%2, %3) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %10 = "ttir.multiply"(%4, %5) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %11 = "ttir.multiply"(%6, %7) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %12 = "ttir.add"(%8, %9) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %13 = "ttir.subtract"(%10, %11) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %14 = "ttir.multiply"(%12, %13) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %14 : tensor<32x32xf32>
}

// -----

// sigmoid(x) read by both results: computed once, in the first result's sections, spilled,
// reloaded by each result's section; the second result, its last reader, pops it.
// CHECK-LABEL: func.func @across_results(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: %[[OUT1:.*]] = ttkernel.get_compile_time_arg_val(10) : () -> !ttkernel.cb<2, !ttcore.tile<32x32, f32>>
// CHECK: %[[SPILL:.*]] = ttkernel.get_compile_time_arg_val({{[0-9]+}}) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, f32>>
// CHECK: ttkernel.sigmoid_tile(%c0_i32)
// CHECK-NOT: ttkernel.sigmoid_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[SPILL]], %c0_i32, false)
// CHECK: ttkernel.copy_tile(%[[SPILL]], %c0_i32, %c1_i32)
// CHECK: ttkernel.mul_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK-NOT: ttkernel.cb_pop_front(%[[SPILL]]
// CHECK: ttkernel.copy_tile(%[[SPILL]], %c0_i32, %c1_i32)
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK-NEXT: ttkernel.cb_pop_front(%[[SPILL]], %c1_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OUT1]], %c0_i32, false)
// CHECK: func.func @writer()
func.func @across_results(%x: tensor<32x64xf32>, %g: tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<32x64xf32>) {
  %0 = "ttir.sigmoid"(%x) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %1 = "ttir.multiply"(%g, %0) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %2 = "ttir.add"(%g, %0) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  return %1, %2 : tensor<32x64xf32>, tensor<32x64xf32>
}
