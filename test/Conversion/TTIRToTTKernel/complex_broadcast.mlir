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
// CHECK-LABEL: module @complex_row attributes {ttbw.program = "{{.*}}\22variant\22:\22complex_broadcast\22
// CHECK-SAME: {\22name\22:\22grad.real\22,\22role\22:\22input\22,\22shape\22:[1,1,64,64],{{.*}}\22arg\22:0,\22part\22:\22real\22}
// CHECK-SAME: {\22name\22:\22b.imag\22,\22role\22:\22input\22,\22shape\22:[1,1,1,64],{{.*}}\22arg\22:2,\22part\22:\22imag\22}
// CHECK-SAME: {\22name\22:\22other_grad.imag\22,\22role\22:\22output\22,\22shape\22:[1,1,1,64],{{.*}}\22result\22:1,\22part\22:\22imag\22}
// CHECK-SAME: {\22index\22:6,\22format\22:\22bf16\22,\22pages\22:4,\22page_size\22:2048}
// CHECK-SAME: \22runtime_arg_layout\22:[\22addr_grad.real\22,\22addr_a.real\22,\22addr_b.real\22,\22first_unit\22
// CHECK-SAME: \22summed2_stride\22,\22addr_grad.imag\22,\22addr_a.imag\22,\22addr_b.imag\22]
// CHECK: func.func @reader()
// CHECK: scf.for
// CHECK: "ttkernel.cb_reserve_back"(%{{.*}}, %c2_i32)
// CHECK-COUNT-2: "ttkernel.noc_async_read_tile"
// CHECK: scf.for
// CHECK-COUNT-4: "ttkernel.noc_async_read_tile"
// CHECK-NOT: noc_async_write
// CHECK: func.func @compute()
// CHECK-DAG: %[[G:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}>
// CHECK-DAG: %[[Y:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}>
// CHECK-DAG: %[[X:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 2 : i32}>
// CHECK-DAG: %[[P:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 4 : i32}>
// CHECK-DAG: %[[ACC:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 5 : i32}>
// CHECK-DAG: %[[OY:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 6 : i32}>
// CHECK-DAG: %[[OX:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 7 : i32}>
// CHECK-DAG: %[[R:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 8 : i32}>
// CHECK: scf.for
// CHECK: "ttkernel.cb_wait_front"(%[[X]], %c2_i32)
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[ACC]], %c0_i32)
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[ACC]], %c1_i32)
// CHECK: scf.for
// CHECK: "ttkernel.cb_wait_front"(%[[G]], %c2_i32)
// CHECK: "ttkernel.cb_wait_front"(%[[Y]], %c2_i32)
// grad_a = grad * conj(bcast(b)): four products, rounded, combined, packed as (re, im)
// CHECK-COUNT-4: "ttkernel.binary_dest_reuse_tiles"(%[[G]]
// CHECK-COUNT-4: "ttkernel.pack_tile"(%c{{[0-3]}}_i32, %[[R]],
// CHECK: "ttkernel.cb_wait_front"(%[[R]], %c4_i32)
// CHECK: "ttkernel.add_binary_tile"(%c0_i32, %c1_i32, %c0_i32)
// CHECK: "ttkernel.sub_binary_tile"(%c2_i32, %c3_i32, %c2_i32)
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[OY]], %c0_i32)
// CHECK: "ttkernel.pack_tile"(%c2_i32, %[[OY]], %c1_i32)
// grad_b's summed product: grad * conj(a), combined, then summed per part
// CHECK: "ttkernel.mul_tiles"(%[[G]], %[[Y]], %c0_i32, %c0_i32, %c0_i32)
// CHECK: "ttkernel.mul_tiles"(%[[G]], %[[Y]], %c1_i32, %c1_i32, %c1_i32)
// CHECK: "ttkernel.mul_tiles"(%[[G]], %[[Y]], %c1_i32, %c0_i32, %c2_i32)
// CHECK: "ttkernel.mul_tiles"(%[[G]], %[[Y]], %c0_i32, %c1_i32, %c3_i32)
// CHECK: "ttkernel.add_binary_tile"
// CHECK: "ttkernel.sub_binary_tile"
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[P]], %c0_i32)
// CHECK: "ttkernel.pack_tile"(%c2_i32, %[[P]], %c1_i32)
// CHECK: "ttkernel.cb_pop_front"(%[[G]], %c2_i32)
// CHECK-COUNT-2: "ttkernel.reduce_tile"(%[[P]], {{.*}}reduce_dim_col
// CHECK: "ttkernel.cb_pop_front"(%[[X]], %c2_i32)
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[OX]], %c0_i32)
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[OX]], %c0_i32)
// CHECK: func.func @writer()
// CHECK-COUNT-2: "ttkernel.noc_async_write_tile"
// CHECK: "ttkernel.noc_async_write_barrier"
// CHECK-COUNT-2: "ttkernel.noc_async_write_tile"
// CHECK-NOT: "ttkernel.noc_async_write_tile"
// CPP-LABEL: // ===== kernel: complex_row.compute =====
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
// CHECK-LABEL: module @complex_two_sided attributes {ttbw.program = "{{.*}}\22variant\22:\22complex_two_sided\22
// CHECK-SAME: \22runtime_arg_layout\22:[\22addr_input_grad.real\22,\22addr_other_grad.real\22,\22reserved\22
// CHECK-SAME: \22Bb2_stride\22,\22addr_input_grad.imag\22,\22addr_other_grad.imag\22]
// CHECK: func.func @reader()
// CHECK-COUNT-2: "ttkernel.noc_async_read_tile"
// CHECK-NOT: noc_async_write
// CHECK: func.func @compute()
// CHECK-DAG: %[[PA:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 4 : i32}>
// CHECK-DAG: %[[PB:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 7 : i32}>
// CHECK: "ttkernel.init_sfpu"
// CHECK: "ttkernel.unary_bcast"
// CHECK-COUNT-2: "ttkernel.mul_binary_tile"
// CHECK: "ttkernel.add_binary_tile"(%c0_i32, %c1_i32, %c0_i32)
// CHECK-COUNT-2: "ttkernel.mul_binary_tile"
// CHECK: "ttkernel.sub_binary_tile"(%c2_i32, %c3_i32, %c2_i32)
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[PA]], %c0_i32)
// CHECK: "ttkernel.pack_tile"(%c2_i32, %[[PA]], %c1_i32)
// CHECK-COUNT-4: "ttkernel.mul_binary_tile"
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[PB]], %c0_i32)
// CHECK: "ttkernel.pack_tile"(%c2_i32, %[[PB]], %c1_i32)
// CHECK: "ttkernel.reduce_tile"
// CHECK: func.func @writer()
// CHECK-COUNT-2: "ttkernel.noc_async_write_tile"
// CHECK: "ttkernel.noc_async_write_barrier"
// CHECK-COUNT-2: "ttkernel.noc_async_write_tile"
// CHECK-NOT: "ttkernel.noc_async_write_tile"
// CPP-LABEL: // ===== kernel: complex_two_sided.compute =====
// CPP: mul_binary_tile(
// CPP: sub_binary_tile(
func.func @complex_two_sided(%g: tensor<1x3x32x64xcomplex<f32>>, %a: tensor<1x3x32x1xcomplex<f32>>, %b: tensor<1x1x32x64xcomplex<f32>>) -> (tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xcomplex<f32>>, tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>) -> (tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>)
  return %0#0, %0#1 : tensor<1x3x32x1xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>
}
