// Data movement kernel API (tt-metal's dataflow_api.h subset): interleaved TensorAccessor,
// NOC tile/page transfers and barriers. Transfers complete immediately in the emulator, but
// the runtime tracks them until the barrier so a missing barrier is reported as an error.
#pragma once

#include "ttbw_emu/kernel.h"

template <uint32_t CTA_OFFSET, uint32_t CRTA_OFFSET = 0>
struct TensorAccessorArgs {
    // One compile-time word for an interleaved tensor: ArgConfig flags (bit0 sharded, bit1 DRAM).
    static constexpr uint32_t config = get_compile_time_arg_val(CTA_OFFSET);
    static constexpr bool is_sharded = (config & 1u) != 0;
    static constexpr bool is_dram = (config & 2u) != 0;
    static constexpr uint32_t num_compile_time_args() { return 1; }
    static constexpr uint32_t next_compile_time_args_offset() { return CTA_OFFSET + 1; }
    static constexpr uint32_t num_common_runtime_args() { return 0; }
    static constexpr uint32_t next_common_runtime_args_offset() { return CRTA_OFFSET; }
};

struct TensorAccessor {
    uint32_t config, base, page_size;
    template <uint32_t A, uint32_t B>
    TensorAccessor(const TensorAccessorArgs<A, B>&, uint32_t bank_base_address, uint32_t page_bytes)
        : config(TensorAccessorArgs<A, B>::config), base(bank_base_address), page_size(page_bytes) {}
    uint64_t get_noc_addr(uint32_t page_id, uint32_t offset = 0, uint8_t = 0) const {
        return ttbw_noc_page_addr(config, base, page_size, page_id, offset);
    }
};

inline void noc_async_read_tile(uint32_t id, const TensorAccessor& acc, uint32_t dst_l1, uint32_t offset = 0,
                                uint8_t = 0) {
    ttbw_noc_page(0, acc.config, acc.base, acc.page_size, id, dst_l1, offset);
}
inline void noc_async_write_tile(uint32_t id, const TensorAccessor& acc, uint32_t src_l1, uint8_t = 0) {
    ttbw_noc_page(1, acc.config, acc.base, acc.page_size, id, src_l1, 0);
}
inline void noc_async_read_page(uint32_t id, const TensorAccessor& acc, uint32_t dst_l1, uint32_t offset = 0,
                                uint8_t = 0) {
    ttbw_noc_page(0, acc.config, acc.base, acc.page_size, id, dst_l1, offset);
}
inline void noc_async_write_page(uint32_t id, const TensorAccessor& acc, uint32_t src_l1, uint8_t = 0) {
    ttbw_noc_page(1, acc.config, acc.base, acc.page_size, id, src_l1, 0);
}
inline uint64_t get_noc_addr(uint32_t x, uint32_t y, uint32_t addr, uint8_t = 0) { return ttbw_noc_xy_addr(x, y, addr); }
inline uint64_t get_noc_addr(uint32_t id, const TensorAccessor& acc, uint32_t offset = 0, uint8_t = 0) {
    return acc.get_noc_addr(id, offset);
}
inline void noc_async_read(uint64_t src_noc_addr, uint32_t dst_l1, uint32_t size, uint8_t = 0) {
    ttbw_noc_read(src_noc_addr, dst_l1, size);
}
inline void noc_async_write(uint32_t src_l1, uint64_t dst_noc_addr, uint32_t size, uint8_t = 0) {
    ttbw_noc_write(src_l1, dst_noc_addr, size);
}
inline void noc_async_read_barrier(uint8_t = 0) { ttbw_noc_barrier(0); }
inline void noc_async_write_barrier(uint8_t = 0) { ttbw_noc_barrier(1); }
inline void noc_async_writes_flushed(uint8_t = 0) { ttbw_noc_barrier(1); }
