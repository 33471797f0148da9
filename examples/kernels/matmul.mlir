// Batched matrix product C[b] = A[b] x B[b or shared] of TILE tensors (FPU matmul_tiles, DST
// accumulation over K). Work unit: one output tile t = (b, m, n) of C (batch, Mt, Nt tiles);
// the reader streams A's row of tiles (b, m, 0..Kt) and B's column (k, n) for it, the compute
// accumulates Kt tile products in one DST tile and packs it once. transpose_b: B is stored
// [.., N, K] and its tile (n, k) is read for (k, n), transposed in the unpacker (mm_init's flag).
//
//   reader   CT: [cb_a, cb_b, accessor(A), accessor(B)]
//            RT: [addr_a, addr_b, first_tile, num_tiles, Mt, Kt, Nt, transpose_b, b_batched]
//   compute  CT: [cb_a, cb_b, cb_out]  RT: [num_tiles, Kt, transpose_b]
//   writer   CT: [cb_out, accessor(C)] RT: [addr_c, first_tile, num_tiles]
!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>
module {
  func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %c5 = arith.constant 5 : i32
    %c6 = arith.constant 6 : i32
    %c7 = arith.constant 7 : i32
    %c8 = arith.constant 8 : i32
    %cb_a = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_b = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %addr_a = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %addr_b = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    %first = "ttkernel.get_arg_val"(%c2) : (i32) -> i32
    %n = "ttkernel.get_arg_val"(%c3) : (i32) -> i32
    %mt = "ttkernel.get_arg_val"(%c4) : (i32) -> i32
    %kt = "ttkernel.get_arg_val"(%c5) : (i32) -> i32
    %nt = "ttkernel.get_arg_val"(%c6) : (i32) -> i32
    %tb = "ttkernel.get_arg_val"(%c7) : (i32) -> i32
    %batched = "ttkernel.get_arg_val"(%c8) : (i32) -> i32
    %args_a = "ttkernel.TensorAccessorArgs"(%c2, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %args_b = "ttkernel.TensorAccessorArgs"(%c3, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %page_a = "ttkernel.get_tile_size"(%cb_a) : (!cb) -> i32
    %page_b = "ttkernel.get_tile_size"(%cb_b) : (!cb) -> i32
    %acc_a = "ttkernel.TensorAccessor"(%args_a, %addr_a, %page_a) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    %acc_b = "ttkernel.TensorAccessor"(%args_b, %addr_b, %page_b) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    %mn = arith.muli %mt, %nt : i32
    %mk = arith.muli %mt, %kt : i32
    %kn = arith.muli %kt, %nt : i32
    %transposed = arith.cmpi ne, %tb, %c0 : i32
    // B's tile (k, n) is at k*Nt + n, or at n*Kt + k when B is stored transposed.
    %k_stride = arith.select %transposed, %c1, %nt : i32
    %n_stride = arith.select %transposed, %kt, %c1 : i32
    %lb = arith.index_cast %first : i32 to index
    %cnt = arith.index_cast %n : i32 to index
    %ub = arith.addi %lb, %cnt : index
    %step = arith.constant 1 : index
    %k0 = arith.constant 0 : index
    %kub = arith.index_cast %kt : i32 to index
    scf.for %i = %lb to %ub step %step {
      %t = arith.index_cast %i : index to i32
      %b = arith.divui %t, %mn : i32
      %mrow = arith.divui %t, %nt : i32
      %m = arith.remui %mrow, %mt : i32
      %ncol = arith.remui %t, %nt : i32
      %a_batch = arith.muli %b, %mk : i32
      %a_row = arith.muli %m, %kt : i32
      %a_base = arith.addi %a_batch, %a_row : i32
      %b_item = arith.muli %b, %batched : i32
      %b_batch = arith.muli %b_item, %kn : i32
      %b_col = arith.muli %ncol, %n_stride : i32
      %b_base = arith.addi %b_batch, %b_col : i32
      scf.for %k = %k0 to %kub step %step {
        %ki = arith.index_cast %k : index to i32
        %ta = arith.addi %a_base, %ki : i32
        %kb = arith.muli %ki, %k_stride : i32
        %tbi = arith.addi %b_base, %kb : i32
        "ttkernel.cb_reserve_back"(%cb_a, %c1) : (!cb, i32) -> ()
        %wa = "ttkernel.get_write_ptr"(%cb_a) : (!cb) -> i32
        "ttkernel.noc_async_read_tile"(%ta, %acc_a, %wa) : (i32, !ttkernel.TensorAccessor, i32) -> ()
        "ttkernel.cb_reserve_back"(%cb_b, %c1) : (!cb, i32) -> ()
        %wb = "ttkernel.get_write_ptr"(%cb_b) : (!cb) -> i32
        "ttkernel.noc_async_read_tile"(%tbi, %acc_b, %wb) : (i32, !ttkernel.TensorAccessor, i32) -> ()
        "ttkernel.noc_async_read_barrier"() : () -> ()
        "ttkernel.cb_push_back"(%cb_a, %c1) : (!cb, i32) -> ()
        "ttkernel.cb_push_back"(%cb_b, %c1) : (!cb, i32) -> ()
      }
    }
    return
  }

  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %cb_a = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_b = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %cb_out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 2 : i32}> : () -> !cb
    %n = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %kt = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    %tb = "ttkernel.get_arg_val"(%c2) : (i32) -> i32
    "ttkernel.compute_kernel_hw_startup"(%cb_a, %cb_b, %cb_out) : (!cb, !cb, !cb) -> ()
    "ttkernel.mm_init"(%cb_a, %cb_b, %cb_out, %tb) : (!cb, !cb, !cb, i32) -> ()
    %lb = arith.constant 0 : index
    %ub = arith.index_cast %n : i32 to index
    %kub = arith.index_cast %kt : i32 to index
    %step = arith.constant 1 : index
    scf.for %i = %lb to %ub step %step {
      "ttkernel.tile_regs_acquire"() : () -> ()
      scf.for %k = %lb to %kub step %step {
        "ttkernel.cb_wait_front"(%cb_a, %c1) : (!cb, i32) -> ()
        "ttkernel.cb_wait_front"(%cb_b, %c1) : (!cb, i32) -> ()
        "ttkernel.matmul_tiles"(%cb_a, %cb_b, %c0, %c0, %c0) : (!cb, !cb, i32, i32, i32) -> ()
        "ttkernel.cb_pop_front"(%cb_a, %c1) : (!cb, i32) -> ()
        "ttkernel.cb_pop_front"(%cb_b, %c1) : (!cb, i32) -> ()
      }
      "ttkernel.tile_regs_commit"() : () -> ()
      "ttkernel.tile_regs_wait"() : () -> ()
      "ttkernel.cb_reserve_back"(%cb_out, %c1) : (!cb, i32) -> ()
      "ttkernel.pack_tile"(%c0, %cb_out, %c0) <{out_of_order = false}> : (i32, !cb, i32) -> ()
      "ttkernel.tile_regs_release"() : () -> ()
      "ttkernel.cb_push_back"(%cb_out, %c1) : (!cb, i32) -> ()
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
