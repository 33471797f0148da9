// The C ABI between a compiled kernel (.so) and the emulator runtime. Kernel-facing headers
// (api/compute/..., api/dataflow/...) are thin inline wrappers over these functions; all
// state (core, kernel, CBs, DST) lives in the runtime, found through the running fiber.
#pragma once

#include <cstdint>

extern "C" {
// Arguments and identity.
uint32_t ttbw_rt_arg(uint32_t index);
uint32_t ttbw_common_rt_arg(uint32_t index);
void ttbw_ct_arg_out_of_range(uint32_t index);  // not constexpr: a bad index fails to compile
uint32_t ttbw_my_coord(uint32_t axis);           // 0 = x, 1 = y (logical core coordinates)
void ttbw_fail(const char* message);

// Circular buffers.
void ttbw_cb_wait_front(uint32_t cb, uint32_t pages);
void ttbw_cb_pop_front(uint32_t cb, uint32_t pages);
void ttbw_cb_reserve_back(uint32_t cb, uint32_t pages);
void ttbw_cb_push_back(uint32_t cb, uint32_t pages);
uint32_t ttbw_cb_read_ptr(uint32_t cb);
uint32_t ttbw_cb_write_ptr(uint32_t cb);
uint32_t ttbw_cb_page_size(uint32_t cb);
uint32_t ttbw_cb_format(uint32_t cb);
// Non-blocking query; a failed poll yields to the core's other kernels.
int ttbw_cb_poll(uint32_t cb, uint32_t pages, int back);

// NOC. Interleaved pages are addressed by (accessor config, base address, page size, page id).
void ttbw_noc_page(int write, uint32_t config, uint32_t base, uint32_t page_size, uint32_t page,
                   uint32_t l1_addr, uint32_t offset);
uint64_t ttbw_noc_page_addr(uint32_t config, uint32_t base, uint32_t page_size, uint32_t page, uint32_t offset);
uint64_t ttbw_noc_xy_addr(uint32_t x, uint32_t y, uint32_t addr);
void ttbw_noc_read(uint64_t src, uint32_t l1_addr, uint32_t size);
void ttbw_noc_write(uint32_t l1_addr, uint64_t dst, uint32_t size);
void ttbw_noc_barrier(int write);

// Compute: DST protocol and tile operations.
void ttbw_regs(int op);  // 0 acquire, 1 commit, 2 wait, 3 release
void ttbw_binary_tiles(int op, uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst);
void ttbw_binary_sfpu(int op, uint32_t dst0, uint32_t dst1, uint32_t odst);
void ttbw_copy_tile(uint32_t cb, uint32_t tile, uint32_t dst);
void ttbw_fill_tile(uint32_t dst, float value);
void ttbw_reduce_tile(int pool, int dim, uint32_t cb, uint32_t scaler_cb, uint32_t tile, uint32_t scaler_tile,
                      uint32_t dst);
void ttbw_unary_bcast(int type, uint32_t cb, uint32_t tile, uint32_t dst);
void ttbw_dest_reuse(int op, int reuse, uint32_t cb, uint32_t tile, uint32_t dst);
void ttbw_pack_tile(uint32_t dst, uint32_t cb, uint32_t out_index, int out_of_order);
void ttbw_mm_init(uint32_t transpose);
void ttbw_matmul_tiles(uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst);
void ttbw_transpose_wh_tile(uint32_t cb, uint32_t tile, uint32_t dst);
void ttbw_tilize_block(uint32_t in_cb, uint32_t tiles, uint32_t out_cb, int untilize);
// SFPU operations of ttbw_emu/sfpu_ops.h (op: TtbwSfpuUnaryOp / TtbwSfpuBinaryOp / TtbwSfpuTernaryOp).
void ttbw_sfpu_unary(int op, uint32_t dst);
void ttbw_sfpu_binary(int op, uint32_t dst0, uint32_t dst1, uint32_t odst);
void ttbw_sfpu_ternary(int op, uint32_t dst0, uint32_t dst1, uint32_t dst2, uint32_t odst);
}
