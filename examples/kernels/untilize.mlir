// Untilize: a TILE-layout (batch, H, W) tensor becomes ROW_MAJOR (one page per row). The reader
// brings one row of Wt tiles into cb_in; untilize_block writes them as 32 rows of W elements
// into cb_out; the writer stores the 32 rows. H and W are multiples of 32.
//
//   reader   CT: [cb_in, accessor(X)]   RT: [addr_x, first_block, num_blocks, Wt]
//   compute  CT: [cb_in, cb_out]        RT: [num_blocks, Wt]
//   writer   CT: [cb_out, accessor(Y)]  RT: [addr_y, first_block, num_blocks, Wt, row_bytes]
!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>
!cbrm = !ttkernel.cb<4096, bf16>
module {
  func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %cb_in = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %addr = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %first = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    %n = "ttkernel.get_arg_val"(%c2) : (i32) -> i32
    %wt = "ttkernel.get_arg_val"(%c3) : (i32) -> i32
    %args = "ttkernel.TensorAccessorArgs"(%c1, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %page = "ttkernel.get_tile_size"(%cb_in) : (!cb) -> i32
    %acc = "ttkernel.TensorAccessor"(%args, %addr, %page) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    %lb = arith.index_cast %first : i32 to index
    %cnt = arith.index_cast %n : i32 to index
    %ub = arith.addi %lb, %cnt : index
    %step = arith.constant 1 : index
    %j0 = arith.constant 0 : index
    %jn = arith.index_cast %wt : i32 to index
    scf.for %blk = %lb to %ub step %step {
      %bi = arith.index_cast %blk : index to i32
      %tile0 = arith.muli %bi, %wt : i32
      "ttkernel.cb_reserve_back"(%cb_in, %wt) : (!cb, i32) -> ()
      %wp = "ttkernel.get_write_ptr"(%cb_in) : (!cb) -> i32
      scf.for %j = %j0 to %jn step %step {
        %ji = arith.index_cast %j : index to i32
        %t = arith.addi %tile0, %ji : i32
        %off = arith.muli %ji, %page : i32
        %dst = arith.addi %wp, %off : i32
        "ttkernel.noc_async_read_tile"(%t, %acc, %dst) : (i32, !ttkernel.TensorAccessor, i32) -> ()
      }
      "ttkernel.noc_async_read_barrier"() : () -> ()
      "ttkernel.cb_push_back"(%cb_in, %wt) : (!cb, i32) -> ()
    }
    return
  }

  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cb_in = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cbrm
    %n = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %wt = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    "ttkernel.untilize_init"(%cb_in) : (!cb) -> ()
    %lb = arith.constant 0 : index
    %ub = arith.index_cast %n : i32 to index
    %step = arith.constant 1 : index
    scf.for %i = %lb to %ub step %step {
      "ttkernel.cb_wait_front"(%cb_in, %wt) : (!cb, i32) -> ()
      "ttkernel.cb_reserve_back"(%cb_out, %wt) : (!cbrm, i32) -> ()
      "ttkernel.untilize_block"(%cb_in, %wt, %cb_out) : (!cb, i32, !cbrm) -> ()
      "ttkernel.cb_push_back"(%cb_out, %wt) : (!cbrm, i32) -> ()
      "ttkernel.cb_pop_front"(%cb_in, %wt) : (!cb, i32) -> ()
    }
    return
  }

  func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %c32 = arith.constant 32 : i32
    %cb_out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cbrm
    %addr = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %first = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    %n = "ttkernel.get_arg_val"(%c2) : (i32) -> i32
    %wt = "ttkernel.get_arg_val"(%c3) : (i32) -> i32
    %row_bytes = "ttkernel.get_arg_val"(%c4) : (i32) -> i32
    %args = "ttkernel.TensorAccessorArgs"(%c1, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %acc = "ttkernel.TensorAccessor"(%args, %addr, %row_bytes) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    %lb = arith.index_cast %first : i32 to index
    %cnt = arith.index_cast %n : i32 to index
    %ub = arith.addi %lb, %cnt : index
    %step = arith.constant 1 : index
    %r0 = arith.constant 0 : index
    %r32 = arith.constant 32 : index
    scf.for %blk = %lb to %ub step %step {
      %bi = arith.index_cast %blk : index to i32
      %row0 = arith.muli %bi, %c32 : i32
      "ttkernel.cb_wait_front"(%cb_out, %wt) : (!cbrm, i32) -> ()
      %rp = "ttkernel.get_read_ptr"(%cb_out) : (!cbrm) -> i32
      scf.for %r = %r0 to %r32 step %step {
        %ri = arith.index_cast %r : index to i32
        %row = arith.addi %row0, %ri : i32
        %off = arith.muli %ri, %row_bytes : i32
        %src = arith.addi %rp, %off : i32
        "ttkernel.noc_async_write_tile"(%row, %acc, %src) : (i32, !ttkernel.TensorAccessor, i32) -> ()
      }
      "ttkernel.noc_async_write_barrier"() : () -> ()
      "ttkernel.cb_pop_front"(%cb_out, %wt) : (!cbrm, i32) -> ()
    }
    return
  }
}
