#include "allocator.h"

#include <algorithm>
#include <iterator>

namespace ttbw {

RangeAllocator::RangeAllocator(uint64_t lo, uint64_t hi, uint32_t align, bool top_down)
    : lo_(lo), hi_(hi), align_(align), top_down_(top_down) {
    if (hi > lo) free_[lo] = hi - lo;
}

int64_t RangeAllocator::allocate(uint64_t size) {
    if (size == 0) return -1;
    size = (size + align_ - 1) / align_ * align_;
    uint64_t addr = 0;
    bool found = false;
    if (top_down_) {
        for (auto it = free_.rbegin(); it != free_.rend() && !found; ++it) {
            if (it->second < size) continue;
            uint64_t start = it->first, rest = it->second - size;
            addr = start + rest;
            found = true;
            if (rest) it->second = rest;
            else free_.erase(std::next(it).base());
        }
    } else {
        for (auto it = free_.begin(); it != free_.end(); ++it) {
            if (it->second < size) continue;
            addr = it->first;
            found = true;
            uint64_t rest = it->second - size;
            free_.erase(it);
            if (rest) free_[addr + size] = rest;
            break;
        }
    }
    if (!found) return -1;
    used_[addr] = size;
    used_bytes_ += size;
    return static_cast<int64_t>(addr);
}

bool RangeAllocator::allocate_at(uint64_t addr, uint64_t size) {
    if (size == 0 || addr % align_) return false;
    size = (size + align_ - 1) / align_ * align_;
    auto it = free_.upper_bound(addr);
    if (it == free_.begin()) return false;
    --it;  // the free range starting at or below addr
    uint64_t start = it->first, end = it->first + it->second;
    if (addr + size > end || addr + size < addr) return false;
    free_.erase(it);
    if (addr > start) free_[start] = addr - start;
    if (end > addr + size) free_[addr + size] = end - addr - size;
    used_[addr] = size;
    used_bytes_ += size;
    return true;
}

int64_t RangeAllocator::find_free(uint64_t size) const {
    if (size == 0) return -1;
    size = (size + align_ - 1) / align_ * align_;
    if (top_down_) {
        for (auto it = free_.rbegin(); it != free_.rend(); ++it)
            if (it->second >= size) return static_cast<int64_t>(it->first + it->second - size);
    } else {
        for (const auto& kv : free_)
            if (kv.second >= size) return static_cast<int64_t>(kv.first);
    }
    return -1;
}

bool RangeAllocator::release(uint64_t addr) {
    auto u = used_.find(addr);
    if (u == used_.end()) return false;
    uint64_t start = addr, size = u->second;
    used_.erase(u);
    used_bytes_ -= size;
    auto next = free_.lower_bound(start);
    if (next != free_.end() && next->first == start + size) {  // merge with the range after
        size += next->second;
        next = free_.erase(next);
    }
    if (next != free_.begin()) {  // merge with the range before
        auto prev = std::prev(next);
        if (prev->first + prev->second == start) {
            prev->second += size;
            return true;
        }
    }
    free_[start] = size;
    return true;
}

uint64_t RangeAllocator::largest_free() const {
    uint64_t best = 0;
    for (const auto& kv : free_) best = std::max(best, kv.second);
    return best;
}

uint64_t RangeAllocator::lowest_used() const { return used_.empty() ? hi_ : used_.begin()->first; }

}  // namespace ttbw
