// Sum over H and W of a (batch, H, W) TILE tensor -> (batch, 1, 1): element (0,0) of each
// output tile (reduce_tile<SUM, REDUCE_SCALAR>, fp32 accumulation).
// Work unit: one batch item u; its tiles are u*Ht*Wt + j.
//
//   reader   CT: [cb_in, accessor(X)]        RT: [addr_x, first_unit, num_units, Ht, Wt]
//   compute  CT: [cb_in, cb_scaler, cb_out]  RT: [num_units, tiles_per_unit]
//   writer   CT: [cb_out, accessor(Y)]        RT: [addr_y, first_tile, num_tiles]
!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>
module {
  func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %cb_in = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %addr = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %first = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    %n = "ttkernel.get_arg_val"(%c2) : (i32) -> i32
    %ht = "ttkernel.get_arg_val"(%c3) : (i32) -> i32
    %wt = "ttkernel.get_arg_val"(%c4) : (i32) -> i32
    %args = "ttkernel.TensorAccessorArgs"(%c1, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %page = "ttkernel.get_tile_size"(%cb_in) : (!cb) -> i32
    %acc = "ttkernel.TensorAccessor"(%args, %addr, %page) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    %inner = arith.muli %ht, %wt : i32
    %step = arith.constant 1 : index
    %ulb = arith.index_cast %first : i32 to index
    %ucnt = arith.index_cast %n : i32 to index
    %uub = arith.addi %ulb, %ucnt : index
    %jlb = arith.constant 0 : index
    %jub = arith.index_cast %inner : i32 to index
    scf.for %u = %ulb to %uub step %step {
      %ui = arith.index_cast %u : index to i32
      scf.for %j = %jlb to %jub step %step {
        %ji = arith.index_cast %j : index to i32
        %base = arith.muli %ui, %inner : i32
        %t = arith.addi %base, %ji : i32
        "ttkernel.cb_reserve_back"(%cb_in, %c1) : (!cb, i32) -> ()
        %wp = "ttkernel.get_write_ptr"(%cb_in) : (!cb) -> i32
        "ttkernel.noc_async_read_tile"(%t, %acc, %wp) : (i32, !ttkernel.TensorAccessor, i32) -> ()
        "ttkernel.noc_async_read_barrier"() : () -> ()
        "ttkernel.cb_push_back"(%cb_in, %c1) : (!cb, i32) -> ()
      }
    }
    return
  }

  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant 1.0 : f32
    %cb_in = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_s = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %cb_out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 2 : i32}> : () -> !cb
    %n = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %inner = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    "ttkernel.compute_kernel_hw_startup"(%cb_in, %cb_s, %cb_out) : (!cb, !cb, !cb) -> ()
    // The scaler tile (all 1.0) is made here, as tt-mlir does for a float sum.
    "ttkernel.tile_regs_acquire"() : () -> ()
    "ttkernel.fill_tile_init"() : () -> ()
    "ttkernel.fill_tile"(%c0, %one) : (i32, f32) -> ()
    "ttkernel.tile_regs_commit"() : () -> ()
    "ttkernel.tile_regs_wait"() : () -> ()
    "ttkernel.cb_reserve_back"(%cb_s, %c1) : (!cb, i32) -> ()
    "ttkernel.pack_tile"(%c0, %cb_s, %c0) <{out_of_order = false}> : (i32, !cb, i32) -> ()
    "ttkernel.tile_regs_release"() : () -> ()
    "ttkernel.cb_push_back"(%cb_s, %c1) : (!cb, i32) -> ()
    "ttkernel.cb_wait_front"(%cb_s, %c1) : (!cb, i32) -> ()
    "ttkernel.reduce_init"(%cb_in, %cb_s, %cb_out) <{reduce_dim = #ttkernel.reduce_dim<reduce_dim_scalar>, reduce_type = #ttkernel.reduce_type<reduce_sum>}> : (!cb, !cb, !cb) -> ()
    %step = arith.constant 1 : index
    %lb = arith.constant 0 : index
    %ub = arith.index_cast %n : i32 to index
    %jub = arith.index_cast %inner : i32 to index
    scf.for %u = %lb to %ub step %step {
      "ttkernel.tile_regs_acquire"() : () -> ()
      scf.for %j = %lb to %jub step %step {
        "ttkernel.cb_wait_front"(%cb_in, %c1) : (!cb, i32) -> ()
        "ttkernel.reduce_tile"(%cb_in, %cb_s, %c0, %c0, %c0) <{reduce_dim = #ttkernel.reduce_dim<reduce_dim_scalar>, reduce_type = #ttkernel.reduce_type<reduce_sum>}> : (!cb, !cb, i32, i32, i32) -> ()
        "ttkernel.cb_pop_front"(%cb_in, %c1) : (!cb, i32) -> ()
      }
      "ttkernel.tile_regs_commit"() : () -> ()
      "ttkernel.tile_regs_wait"() : () -> ()
      "ttkernel.cb_reserve_back"(%cb_out, %c1) : (!cb, i32) -> ()
      "ttkernel.pack_tile"(%c0, %cb_out, %c0) <{out_of_order = false}> : (i32, !cb, i32) -> ()
      "ttkernel.tile_regs_release"() : () -> ()
      "ttkernel.cb_push_back"(%cb_out, %c1) : (!cb, i32) -> ()
    }
    "ttkernel.reduce_uninit"() : () -> ()
    "ttkernel.cb_pop_front"(%cb_s, %c1) : (!cb, i32) -> ()
    return
  }

  func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %cb_out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %addr = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %first = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    %n = "ttkernel.get_arg_val"(%c2) : (i32) -> i32
    %args = "ttkernel.TensorAccessorArgs"(%c1, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %page = "ttkernel.get_tile_size"(%cb_out) : (!cb) -> i32
    %acc = "ttkernel.TensorAccessor"(%args, %addr, %page) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    %lb = arith.index_cast %first : i32 to index
    %cnt = arith.index_cast %n : i32 to index
    %ub = arith.addi %lb, %cnt : index
    %step = arith.constant 1 : index
    scf.for %i = %lb to %ub step %step {
      %t = arith.index_cast %i : index to i32
      "ttkernel.cb_wait_front"(%cb_out, %c1) : (!cb, i32) -> ()
      %rp = "ttkernel.get_read_ptr"(%cb_out) : (!cb) -> i32
      "ttkernel.noc_async_write_tile"(%t, %acc, %rp) : (i32, !ttkernel.TensorAccessor, i32) -> ()
      "ttkernel.noc_async_write_barrier"() : () -> ()
      "ttkernel.cb_pop_front"(%cb_out, %c1) : (!cb, i32) -> ()
    }
    return
  }
}
