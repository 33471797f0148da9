// Elementwise multiply C = A * B of f32 TILE-layout tensors on the SFPU, as tt-mlir lowers
// f32 multiplies: both tiles are copied into DST (fp32 mode) and mul_binary_tile multiplies
// them there, so no operand goes through the 19-bit FPU source registers.
//
// The tiles [first_tile, first_tile + num_tiles) of each core are streamed through
// double-buffered CBs: reader -> cb_a/cb_b -> compute -> cb_out -> writer.
//
//   reader   CT: [cb_a, cb_b, accessor(A), accessor(B)]  RT: [addr_a, addr_b, first_tile, num_tiles]
//   compute  CT: [cb_a, cb_b, cb_out]                    RT: [num_tiles]
//   writer   CT: [cb_out, accessor(C)]                   RT: [addr_c, first_tile, num_tiles]
!cb = !ttkernel.cb<2, !ttcore.tile<32x32, f32>>
module {
  func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %cb_a = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_b = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %addr_a = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    %addr_b = "ttkernel.get_arg_val"(%c1) : (i32) -> i32
    %first = "ttkernel.get_arg_val"(%c2) : (i32) -> i32
    %n = "ttkernel.get_arg_val"(%c3) : (i32) -> i32
    %args_a = "ttkernel.TensorAccessorArgs"(%c2, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %args_b = "ttkernel.TensorAccessorArgs"(%c3, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> !ttkernel.TensorAccessorArgs
    %page_a = "ttkernel.get_tile_size"(%cb_a) : (!cb) -> i32
    %page_b = "ttkernel.get_tile_size"(%cb_b) : (!cb) -> i32
    %acc_a = "ttkernel.TensorAccessor"(%args_a, %addr_a, %page_a) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    %acc_b = "ttkernel.TensorAccessor"(%args_b, %addr_b, %page_b) : (!ttkernel.TensorAccessorArgs, i32, i32) -> !ttkernel.TensorAccessor
    %lb = arith.index_cast %first : i32 to index
    %cnt = arith.index_cast %n : i32 to index
    %ub = arith.addi %lb, %cnt : index
    %step = arith.constant 1 : index
    scf.for %i = %lb to %ub step %step {
      %t = arith.index_cast %i : index to i32
      "ttkernel.cb_reserve_back"(%cb_a, %c1) : (!cb, i32) -> ()
      %wa = "ttkernel.get_write_ptr"(%cb_a) : (!cb) -> i32
      "ttkernel.noc_async_read_tile"(%t, %acc_a, %wa) : (i32, !ttkernel.TensorAccessor, i32) -> ()
      "ttkernel.cb_reserve_back"(%cb_b, %c1) : (!cb, i32) -> ()
      %wb = "ttkernel.get_write_ptr"(%cb_b) : (!cb) -> i32
      "ttkernel.noc_async_read_tile"(%t, %acc_b, %wb) : (i32, !ttkernel.TensorAccessor, i32) -> ()
      "ttkernel.noc_async_read_barrier"() : () -> ()
      "ttkernel.cb_push_back"(%cb_a, %c1) : (!cb, i32) -> ()
      "ttkernel.cb_push_back"(%cb_b, %c1) : (!cb, i32) -> ()
    }
    return
  }

  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cb_a = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_b = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %cb_out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 2 : i32}> : () -> !cb
    %n = "ttkernel.get_arg_val"(%c0) : (i32) -> i32
    "ttkernel.init_sfpu"(%cb_a, %cb_out) : (!cb, !cb) -> ()
    %lb = arith.constant 0 : index
    %ub = arith.index_cast %n : i32 to index
    %step = arith.constant 1 : index
    scf.for %i = %lb to %ub step %step {
      "ttkernel.cb_wait_front"(%cb_a, %c1) : (!cb, i32) -> ()
      "ttkernel.cb_wait_front"(%cb_b, %c1) : (!cb, i32) -> ()
      "ttkernel.tile_regs_acquire"() : () -> ()
      "ttkernel.copy_tile_init"(%cb_a) : (!cb) -> ()
      "ttkernel.copy_tile"(%cb_a, %c0, %c0) : (!cb, i32, i32) -> ()
      "ttkernel.copy_tile_init"(%cb_b) : (!cb) -> ()
      "ttkernel.copy_tile"(%cb_b, %c0, %c1) : (!cb, i32, i32) -> ()
      "ttkernel.mul_binary_tile_init"() : () -> ()
      "ttkernel.mul_binary_tile"(%c0, %c1, %c0) : (i32, i32, i32) -> ()
      "ttkernel.tile_regs_commit"() : () -> ()
      "ttkernel.tile_regs_wait"() : () -> ()
      "ttkernel.cb_reserve_back"(%cb_out, %c1) : (!cb, i32) -> ()
      "ttkernel.pack_tile"(%c0, %cb_out, %c0) <{out_of_order = false}> : (i32, !cb, i32) -> ()
      "ttkernel.tile_regs_release"() : () -> ()
      "ttkernel.cb_push_back"(%cb_out, %c1) : (!cb, i32) -> ()
      "ttkernel.cb_pop_front"(%cb_a, %c1) : (!cb, i32) -> ()
      "ttkernel.cb_pop_front"(%cb_b, %c1) : (!cb, i32) -> ()
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
