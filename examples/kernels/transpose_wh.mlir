// Transpose of the last two dims Y[b] = X[b]^T of a TILE tensor: output tile (b, j, i) is input
// tile (b, i, j) transposed inside (transpose_wh_tile into DST). Work unit: one output tile.
//
//   reader   CT: [cb_in, accessor(X)]  RT: [addr_x, first_tile, num_tiles, Ht, Wt] (X's tiles)
//   compute  CT: [cb_in, cb_out]       RT: [num_tiles]
//   writer   CT: [cb_out, accessor(Y)] RT: [addr_y, first_tile, num_tiles]
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
    %hw = arith.muli %ht, %wt : i32
    %lb = arith.index_cast %first : i32 to index
    %cnt = arith.index_cast %n : i32 to index
    %ub = arith.addi %lb, %cnt : index
    %step = arith.constant 1 : index
    scf.for %i = %lb to %ub step %step {
      // Output tile t = (b, j, i) of Y's (Wt, Ht) tiles reads X's tile (b, i, j).
      %t = arith.index_cast %i : index to i32
      %b = arith.divui %t, %hw : i32
      %in_item = arith.remui %t, %hw : i32
      %j = arith.divui %in_item, %ht : i32
      %r = arith.remui %in_item, %ht : i32
      %base = arith.muli %b, %hw : i32
      %row = arith.muli %r, %wt : i32
      %at = arith.addi %base, %row : i32
      %src = arith.addi %at, %j : i32
      "ttkernel.cb_reserve_back"(%cb_in, %c1) : (!cb, i32) -> ()
      %wp = "ttkernel.get_write_ptr"(%cb_in) : (!cb) -> i32
      "ttkernel.noc_async_read_tile"(%src, %acc, %wp) : (i32, !ttkernel.TensorAccessor, i32) -> ()
      "ttkernel.noc_async_read_barrier"() : () -> ()
      "ttkernel.cb_push_back"(%cb_in, %c1) : (!cb, i32) -> ()
    }
    return
  }

  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cb_in = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %n = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    "ttkernel.compute_kernel_hw_startup"(%cb_in, %cb_out) : (!cb, !cb) -> ()
    "ttkernel.transpose_wh_init"(%cb_in, %cb_out) : (!cb, !cb) -> ()
    %lb = arith.constant 0 : index
    %ub = arith.index_cast %n : i32 to index
    %step = arith.constant 1 : index
    scf.for %i = %lb to %ub step %step {
      "ttkernel.cb_wait_front"(%cb_in, %c1) : (!cb, i32) -> ()
      "ttkernel.tile_regs_acquire"() : () -> ()
      "ttkernel.transpose_wh_tile"(%cb_in, %c0, %c0) : (!cb, i32, i32) -> ()
      "ttkernel.tile_regs_commit"() : () -> ()
      "ttkernel.tile_regs_wait"() : () -> ()
      "ttkernel.cb_reserve_back"(%cb_out, %c1) : (!cb, i32) -> ()
      "ttkernel.pack_tile"(%c0, %cb_out, %c0) <{out_of_order = false}> : (i32, !cb, i32) -> ()
      "ttkernel.tile_regs_release"() : () -> ()
      "ttkernel.cb_push_back"(%cb_out, %c1) : (!cb, i32) -> ()
      "ttkernel.cb_pop_front"(%cb_in, %c1) : (!cb, i32) -> ()
    }
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
