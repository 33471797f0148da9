// Compute kernel API (tt-metal's api/compute subset). Every call forwards to the runtime,
// which models the unpacker, FPU/SFPU, the DST register file and the packer.
#pragma once

#include "ttbw_emu/kernel.h"
#include "ttbw_emu/sfpu_ops.h"

enum PoolType { SUM, AVG, MAX };
enum ReduceDim { REDUCE_ROW, REDUCE_COL, REDUCE_SCALAR };
enum class BroadcastType : uint8_t { NONE = 0, COL = 1, ROW = 2, SCALAR = 3 };
enum EltwiseBinaryType { ELWMUL, ELWDIV, ELWADD, ELWSUB };
enum class EltwiseBinaryReuseDestType { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };

#ifndef REDUCE_OP
#define REDUCE_OP PoolType::SUM
#endif
#ifndef REDUCE_DIM
#define REDUCE_DIM ReduceDim::REDUCE_ROW
#endif

// DST register protocol.
inline void tile_regs_acquire() { ttbw_regs(0); }
inline void tile_regs_commit() { ttbw_regs(1); }
inline void tile_regs_wait() { ttbw_regs(2); }
inline void tile_regs_release() { ttbw_regs(3); }

// Hardware (re)configuration calls: no state to model.
inline void compute_kernel_hw_startup(uint32_t, uint32_t) {}
inline void compute_kernel_hw_startup(uint32_t, uint32_t, uint32_t) {}
inline void binary_op_init_common(uint32_t, uint32_t, uint32_t) {}
inline void unary_op_init_common(uint32_t, uint32_t) {}
inline void init_sfpu(uint32_t, uint32_t) {}
inline void mul_tiles_init(uint32_t, uint32_t) {}
inline void add_tiles_init(uint32_t, uint32_t, bool = false) {}
inline void sub_tiles_init(uint32_t, uint32_t, bool = false) {}
inline void mul_binary_tile_init() {}
inline void add_binary_tile_init() {}
inline void sub_binary_tile_init() {}
inline void copy_tile_init(uint32_t) {}
inline void copy_tile_to_dst_init_short(uint32_t, uint32_t = 0) {}
inline void fill_tile_init() {}
inline void pack_reconfig_data_format(uint32_t) {}
inline void pack_reconfig_data_format(uint32_t, uint32_t) {}
inline void reconfig_data_format(uint32_t, uint32_t) {}
inline void reconfig_data_format(uint32_t, uint32_t, uint32_t, uint32_t) {}

// FPU binary operations: CB tiles through the source registers into DST.
inline void mul_tiles(uint32_t cb0, uint32_t cb1, uint32_t t0, uint32_t t1, uint32_t dst) {
    ttbw_binary_tiles(ELWMUL, cb0, cb1, t0, t1, dst);
}
inline void add_tiles(uint32_t cb0, uint32_t cb1, uint32_t t0, uint32_t t1, uint32_t dst) {
    ttbw_binary_tiles(ELWADD, cb0, cb1, t0, t1, dst);
}
inline void sub_tiles(uint32_t cb0, uint32_t cb1, uint32_t t0, uint32_t t1, uint32_t dst) {
    ttbw_binary_tiles(ELWSUB, cb0, cb1, t0, t1, dst);
}

// SFPU binary operations: DST tiles in, DST tile out, computed in fp32.
inline void mul_binary_tile(uint32_t d0, uint32_t d1, uint32_t odst) { ttbw_binary_sfpu(ELWMUL, d0, d1, odst); }
inline void add_binary_tile(uint32_t d0, uint32_t d1, uint32_t odst) { ttbw_binary_sfpu(ELWADD, d0, d1, odst); }
inline void sub_binary_tile(uint32_t d0, uint32_t d1, uint32_t odst) { ttbw_binary_sfpu(ELWSUB, d0, d1, odst); }

// SFPU operations of ttbw_emu/sfpu_ops.h: DST tiles in, DST tile out, computed in fp32.
#define TTBW_X(name)                                                                      \
    inline void name##_tile_init() {}                                                     \
    inline void name##_tile(uint32_t idst) { ttbw_sfpu_unary(kTtbwSfpu_##name, idst); }
TTBW_SFPU_PLAIN_UNARY_OPS(TTBW_X)
#undef TTBW_X
#define TTBW_X(name)                                                                      \
    inline void name##_tile_init() {}                                                     \
    inline void name##_tile(uint32_t d0, uint32_t d1, uint32_t odst) {                    \
        ttbw_sfpu_binary(kTtbwSfpu_##name, d0, d1, odst);                                 \
    }
TTBW_SFPU_BINARY_OPS(TTBW_X)
#undef TTBW_X
// tt-metal's templated forms: exp_tile<approx, fast_and_approx>, gelu_tile<fast_and_approx>
// (fast_and_approx, the default, is gelu's tanh form). The emulator computes exp exactly.
template <bool approx = false, bool fast_and_approx = true, uint32_t scale = 0x3F800000>
inline void exp_tile_init() {}
template <bool approx = false, bool fast_and_approx = true, uint32_t scale = 0x3F800000>
inline void exp_tile(uint32_t idst) { ttbw_sfpu_unary(kTtbwSfpu_exp, idst); }
// where_tile<format>(cond, t, f, odst): odst = cond != 0 ? t : f (the format names DST's data).
enum class DataFormat : uint8_t { Float32 = 0, Float16_b = 5, Bfp8_b = 6 };
inline void where_tile_init() {}
template <DataFormat format>
inline void where_tile(uint32_t cond, uint32_t t, uint32_t f, uint32_t odst) {
    ttbw_sfpu_ternary(kTtbwSfpu_where, cond, t, f, odst);
}
template <bool fast_and_approx = true>
inline void gelu_tile_init() {}
template <bool fast_and_approx = true>
inline void gelu_tile(uint32_t idst) { ttbw_sfpu_unary(fast_and_approx ? kTtbwSfpuGeluTanh : kTtbwSfpu_gelu, idst); }

inline void copy_tile(uint32_t cb, uint32_t tile, uint32_t dst) { ttbw_copy_tile(cb, tile, dst); }
inline void fill_tile(uint32_t dst, float value) { ttbw_fill_tile(dst, value); }
inline void fill_tile_bitcast(uint32_t dst, uint32_t bits) {
    float v;
    std::memcpy(&v, &bits, 4);
    ttbw_fill_tile(dst, v);
}

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM, bool enforce_fp32_accumulation = false>
inline void reduce_init(uint32_t, uint32_t, uint32_t) {}
template <bool enforce_fp32_accumulation = false>
inline void reduce_uninit() {}
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM, bool enforce_fp32_accumulation = false>
inline void reduce_tile(uint32_t cb, uint32_t scaler_cb, uint32_t tile, uint32_t scaler_tile, uint32_t dst) {
    ttbw_reduce_tile(reduce_type, reduce_dim, cb, scaler_cb, tile, scaler_tile, dst);
}

template <BroadcastType bcast_type>
inline void unary_bcast_init(uint32_t, uint32_t) {}
template <BroadcastType bcast_type>
inline void unary_bcast(uint32_t cb, uint32_t tile, uint32_t dst) {
    ttbw_unary_bcast(static_cast<int>(bcast_type), cb, tile, dst);
}

template <EltwiseBinaryType op = ELWADD,
          EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
inline void binary_dest_reuse_tiles_init(uint32_t) {}
template <EltwiseBinaryType op = ELWADD,
          EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
inline void binary_dest_reuse_tiles(uint32_t cb, uint32_t tile, uint32_t dst) {
    ttbw_dest_reuse(op, static_cast<int>(reuse), cb, tile, dst);
}

template <bool out_of_order_output = false>
inline void pack_tile(uint32_t dst, uint32_t cb, uint32_t output_tile_index = 0) {
    ttbw_pack_tile(dst, cb, output_tile_index, out_of_order_output ? 1 : 0);
}

// Matmul: DST[dst] += A x B of one tile each (in0: A, in1: B), B's tile transposed when the last
// mm_init / mm_init_short said so (tt-metal's transpose of in1).
inline void mm_init(uint32_t, uint32_t, uint32_t, uint32_t transpose = 0) { ttbw_mm_init(transpose); }
inline void mm_init_short(uint32_t, uint32_t, uint32_t transpose = 0) { ttbw_mm_init(transpose); }
inline void matmul_init(uint32_t, uint32_t, uint32_t transpose = 0) { ttbw_mm_init(transpose); }
inline void matmul_tiles(uint32_t cb0, uint32_t cb1, uint32_t t0, uint32_t t1, uint32_t dst) {
    ttbw_matmul_tiles(cb0, cb1, t0, t1, dst);
}
// DST[dst] = the tile's transpose (rows <-> columns), unpacked straight to DST as copy_tile.
inline void transpose_wh_init(uint32_t, uint32_t) {}
inline void transpose_wh_init_short(uint32_t) {}
inline void transpose_wh_tile(uint32_t cb, uint32_t tile, uint32_t dst) { ttbw_transpose_wh_tile(cb, tile, dst); }

// Tilize / untilize of row-major blocks (32 rows x tiles*32 columns).
inline void tilize_init(uint32_t, uint32_t, uint32_t) {}
inline void tilize_uninit(uint32_t, uint32_t) {}
inline void tilize_block(uint32_t in_cb, uint32_t tiles, uint32_t out_cb) { ttbw_tilize_block(in_cb, tiles, out_cb, 0); }
inline void untilize_init(uint32_t) {}
inline void untilize_uninit(uint32_t) {}
inline void untilize_block(uint32_t in_cb, uint32_t tiles, uint32_t out_cb) {
    ttbw_tilize_block(in_cb, tiles, out_cb, 1);
}
