// RUN: ttbw-translate --ttkernel-to-cpp %s | FileCheck %s
// Every kernel function becomes a `void kernel_main()` translation unit, in module order,
// each under a header naming it; CB calls go through experimental::CircularBuffer.

!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>

// CHECK-LABEL: // ===== kernel: reader =====
// CHECK: #include "api/dataflow/dataflow_api.h"
// CHECK: void kernel_main() {
// CHECK: auto [[ARGS:tensor_accessor_args_[0-9]+]] = TensorAccessorArgs<1, 0>();
// CHECK: TensorAccessor [[ACC:v[0-9]+]] = TensorAccessor([[ARGS]],
// CHECK: cb_ctarg_0.reserve_back(
// CHECK: noc_async_read_tile({{v[0-9]+}}, [[ACC]], cb_ctarg_0.get_write_ptr());
// CHECK-NEXT: noc_async_read_barrier();
// CHECK-NEXT: cb_ctarg_0.push_back(
// CHECK-LABEL: // ===== kernel: compute =====
// CHECK: #include "api/compute/eltwise_binary.h"
// CHECK: void kernel_main() {
// CHECK: mul_tiles_init(get_compile_time_arg_val(0), get_compile_time_arg_val(1));
// CHECK: tile_regs_acquire();
// CHECK-NEXT: mul_tiles(get_compile_time_arg_val(0), get_compile_time_arg_val(1), [[Z:v[0-9]+]], [[Z]], [[Z]]);
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: pack_tile<false>([[Z]], get_compile_time_arg_val(2), [[Z]]);
// CHECK-NEXT: tile_regs_release();
module {
  func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cb = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %addr = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %args = "ttkernel.TensorAccessorArgs"(%c1, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %page = "ttkernel.get_tile_size"(%cb) : (!cb) -> i32
    %acc = "ttkernel.TensorAccessor"(%args, %addr, %page) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    "ttkernel.cb_reserve_back"(%cb, %c1) : (!cb, i32) -> ()
    %wp = "ttkernel.get_write_ptr"(%cb) : (!cb) -> i32
    "ttkernel.noc_async_read_tile"(%c0, %acc, %wp) : (i32, !ttkernel.TensorAccessor, i32) -> ()
    "ttkernel.noc_async_read_barrier"() : () -> ()
    "ttkernel.cb_push_back"(%cb, %c1) : (!cb, i32) -> ()
    return
  }
  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %cb_a = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_b = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %cb_o = "ttkernel.get_compile_time_arg_val"() <{arg_index = 2 : i32}> : () -> !cb
    "ttkernel.mul_tiles_init"(%cb_a, %cb_b) : (!cb, !cb) -> ()
    "ttkernel.tile_regs_acquire"() : () -> ()
    "ttkernel.mul_tiles"(%cb_a, %cb_b, %c0, %c0, %c0) : (!cb, !cb, i32, i32, i32) -> ()
    "ttkernel.tile_regs_commit"() : () -> ()
    "ttkernel.tile_regs_wait"() : () -> ()
    "ttkernel.pack_tile"(%c0, %cb_o, %c0) <{out_of_order = false}> : (i32, !cb, i32) -> ()
    "ttkernel.tile_regs_release"() : () -> ()
    return
  }
  // A helper without ttkernel.thread is not a kernel.
  // CHECK-NOT: kernel: helper
  func.func @helper() {
    return
  }
}
