// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | ttbw-translate --ttkernel-to-cpp - | FileCheck %s --check-prefix=CPP
// Complex tensors with broadcast: the real plans on (real, imag) tile pairs. Each CB holds a
// pair per tile position (the reader reads the imag tile into the page after the real one);
// each gradient part is the per-element combination of two products (re = gr*or + gi*oi,
// im = gi*or - gr*oi), and a summed gradient sums the combined part (rotating (re, im) f32
// partials). Only the results are written: no intermediate goes to DRAM.

// One side, bf16: b row-broadcast. The fp32 DST (for the sums) would keep the products exact,
// so they are rounded to bf16 through CB 6 (4 pages) before they are combined, as the
// decomposition's bf16 ttir.multiply does.
// CHECK-LABEL: func.func @complex_row(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @complex_row_program {
// CHECK: func.func @reader()
// CHECK: scf.for
// CHECK: ttkernel.cb_reserve_back(%{{.*}}, %c2_i32)
// CHECK-COUNT-2: ttkernel.noc_async_read_tile(
// CHECK: scf.for
// CHECK-COUNT-4: ttkernel.noc_async_read_tile(
// CHECK-NOT: noc_async_write
// CHECK: func.func @compute()
// CHECK-DAG: %[[G:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK-DAG: %[[Y:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK-DAG: %[[X:.*]] = ttkernel.get_compile_time_arg_val(2)
// CHECK-DAG: %[[P:.*]] = ttkernel.get_compile_time_arg_val(4)
// CHECK-DAG: %[[ACC:.*]] = ttkernel.get_compile_time_arg_val(5)
// CHECK-DAG: %[[OY:.*]] = ttkernel.get_compile_time_arg_val(6)
// CHECK-DAG: %[[OX:.*]] = ttkernel.get_compile_time_arg_val(7)
// CHECK-DAG: %[[R:.*]] = ttkernel.get_compile_time_arg_val(8)
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[X]], %c2_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[ACC]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[ACC]], %c1_i32, false)
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[G]], %c2_i32)
// CHECK: ttkernel.cb_wait_front(%[[Y]], %c2_i32)
// grad_a = grad * conj(bcast(b)): four products, rounded, combined, packed as (re, im)
// CHECK-COUNT-4: ttkernel.binary_dest_reuse_tiles(%[[G]]
// CHECK-COUNT-4: ttkernel.pack_tile(%c{{[0-3]}}_i32, %[[R]],
// CHECK: ttkernel.cb_wait_front(%[[R]], %c4_i32)
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK: ttkernel.sub_binary_tile(%c2_i32, %c3_i32, %c2_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OY]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c2_i32, %[[OY]], %c1_i32, false)
// grad_b's summed product: grad * conj(a), combined, then summed per part
// CHECK: ttkernel.mul_tiles(%[[G]], %[[Y]], %c0_i32, %c0_i32, %c0_i32)
// CHECK: ttkernel.mul_tiles(%[[G]], %[[Y]], %c1_i32, %c1_i32, %c1_i32)
// CHECK: ttkernel.mul_tiles(%[[G]], %[[Y]], %c1_i32, %c0_i32, %c2_i32)
// CHECK: ttkernel.mul_tiles(%[[G]], %[[Y]], %c0_i32, %c1_i32, %c3_i32)
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.sub_binary_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[P]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c2_i32, %[[P]], %c1_i32, false)
// CHECK: ttkernel.cb_pop_front(%[[G]], %c2_i32)
// CHECK-COUNT-2: ttkernel.reduce_tile(%[[P]], {{.*}}reduce_dim_col
// CHECK: ttkernel.cb_pop_front(%[[X]], %c2_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OX]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OX]], %c0_i32, false)
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK: ttkernel.noc_async_write_barrier(
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: ttkernel.noc_async_write_tile(
// CPP-LABEL: // ===== kernel: complex_row_program.compute =====
// CPP: binary_dest_reuse_tiles<
// CPP: add_binary_tile(
// CPP: sub_binary_tile(
// CPP: reduce_tile<
func.func @complex_row(%g: tensor<1x1x64x64xcomplex<bf16>>, %a: tensor<1x1x64x64xcomplex<bf16>>, %b: tensor<1x1x1x64xcomplex<bf16>>) -> (tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<bf16>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<bf16>>) -> (tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x64x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<bf16>>
}

// Both sides, f32: SFPU products of the exact f32 broadcasts (TF32-part sums) of a's and b's
// held tiles; grad_a and grad_b sums of the combined parts.
// CHECK-LABEL: func.func @complex_two_sided(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @complex_two_sided_program {
// CHECK: func.func @reader()
// CHECK-COUNT-2: ttkernel.noc_async_read_tile(
// CHECK-NOT: noc_async_write
// CHECK: func.func @compute()
// CHECK-DAG: %[[PA:.*]] = ttkernel.get_compile_time_arg_val(4)
// CHECK-DAG: %[[PB:.*]] = ttkernel.get_compile_time_arg_val(7)
// CHECK: ttkernel.init_sfpu(
// CHECK: ttkernel.unary_bcast(
// CHECK-COUNT-2: ttkernel.mul_binary_tile(
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK-COUNT-2: ttkernel.mul_binary_tile(
// CHECK: ttkernel.sub_binary_tile(%c2_i32, %c3_i32, %c2_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[PA]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c2_i32, %[[PA]], %c1_i32, false)
// CHECK-COUNT-4: ttkernel.mul_binary_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[PB]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c2_i32, %[[PB]], %c1_i32, false)
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK: ttkernel.noc_async_write_barrier(
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: ttkernel.noc_async_write_tile(
// CPP-LABEL: // ===== kernel: complex_two_sided_program.compute =====
// CPP: mul_binary_tile(
// CPP: sub_binary_tile(
func.func @complex_two_sided(%g: tensor<1x3x32x64xcomplex<f32>>, %a: tensor<1x3x32x1xcomplex<f32>>, %b: tensor<1x1x32x64xcomplex<f32>>) -> (tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xcomplex<f32>>, tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>) -> (tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>)
  return %0#0, %0#1 : tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>
}
