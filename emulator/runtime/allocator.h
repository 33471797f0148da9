// A free-list allocator of one address range (the same offsets in every bank of a memory).
// Freed ranges are merged with free neighbours and reused; DRAM allocates bottom-up, L1
// top-down (like tt-metal). Sizes are rounded up to the alignment, so every block stays aligned.
#pragma once

#include <cstdint>
#include <map>

namespace ttbw {

class RangeAllocator {
public:
    RangeAllocator(uint64_t lo, uint64_t hi, uint32_t align, bool top_down);

    // Start of a free aligned range of `size` bytes (first fit from the allocating end), or -1.
    int64_t allocate(uint64_t size);
    // Claims the aligned range [addr, addr + size) if it is wholly free (false otherwise).
    bool allocate_at(uint64_t addr, uint64_t size);
    // The start `allocate(size)` would return, allocating nothing (-1 if none fits).
    int64_t find_free(uint64_t size) const;
    // Frees the range `allocate` returned at `addr` (false if there is none).
    bool release(uint64_t addr);

    uint64_t used() const { return used_bytes_; }             // bytes allocated (after rounding)
    uint64_t largest_free() const;                            // bytes of the largest free range
    uint64_t lowest_used() const;                             // lowest allocated address, or hi
    uint64_t hi() const { return hi_; }

private:
    uint64_t lo_, hi_;
    uint32_t align_;
    bool top_down_;
    uint64_t used_bytes_ = 0;
    std::map<uint64_t, uint64_t> free_, used_;  // start -> size
};

}  // namespace ttbw
