// experimental::CircularBuffer: the object form of the CB calls that tt-mlir emits.
#pragma once

#include "ttbw_emu/kernel.h"

namespace experimental {
class CircularBuffer {
   public:
    explicit CircularBuffer(uint32_t cb_id) : id_(cb_id) {}
    uint32_t get_cb_id() const { return id_; }
    void reserve_back(int32_t n) const { ttbw_cb_reserve_back(id_, static_cast<uint32_t>(n)); }
    void push_back(int32_t n) const { ttbw_cb_push_back(id_, static_cast<uint32_t>(n)); }
    void wait_front(int32_t n) const { ttbw_cb_wait_front(id_, static_cast<uint32_t>(n)); }
    void pop_front(int32_t n) const { ttbw_cb_pop_front(id_, static_cast<uint32_t>(n)); }
    uint32_t get_write_ptr() const { return ttbw_cb_write_ptr(id_); }
    uint32_t get_read_ptr() const { return ttbw_cb_read_ptr(id_); }
    uint32_t get_tile_size() const { return ttbw_cb_page_size(id_); }
    bool pages_available_at_front(int32_t n) const { return ttbw_cb_poll(id_, static_cast<uint32_t>(n), 0) != 0; }
    bool pages_reservable_at_back(int32_t n) const { return ttbw_cb_poll(id_, static_cast<uint32_t>(n), 1) != 0; }

   private:
    uint32_t id_;
};
}  // namespace experimental
