// RUN: rm -f %t.cpp
// RUN: ttbw-translate --ttkernel-to-cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// The reduce attributes become template arguments; fill_tile keeps its f32 operand.

!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>

// CHECK: // ===== kernel: reduce_rows =====
// CHECK: #include "api/compute/reduce.h"
// CHECK: fill_tile({{v[0-9]+}}, {{v[0-9]+}});
// CHECK: reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW, false>(get_compile_time_arg_val(0), get_compile_time_arg_val(1), get_compile_time_arg_val(2));
// CHECK: reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW, false>(get_compile_time_arg_val(0), get_compile_time_arg_val(1),
module {
  func.func @reduce_rows() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %one = arith.constant 1.0 : f32
    %in = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %sc = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 2 : i32}> : () -> !cb
    "ttkernel.tile_regs_acquire"() : () -> ()
    "ttkernel.fill_tile"(%c0, %one) : (i32, f32) -> ()
    "ttkernel.reduce_init"(%in, %sc, %out) <{reduce_dim = #ttkernel.reduce_dim<reduce_dim_row>, reduce_type = #ttkernel.reduce_type<reduce_sum>}> : (!cb, !cb, !cb) -> ()
    "ttkernel.reduce_tile"(%in, %sc, %c0, %c0, %c0) <{reduce_dim = #ttkernel.reduce_dim<reduce_dim_row>, reduce_type = #ttkernel.reduce_type<reduce_sum>}> : (!cb, !cb, i32, i32, i32) -> ()
    return
  }
}
