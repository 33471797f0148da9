// Kernel ABI for arguments, circular buffers and the NOC.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "emu.h"

using namespace ttbw;

namespace ttbw {

static std::string hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

CBState& cb_state(uint32_t cb, const char* what) {
    if (cb >= kNumCBs || !t_core->cb[cb].used)
        fault(std::string(what) + ": CB " + std::to_string(cb) + " is not configured on this core");
    return t_core->cb[cb];
}

// An L1 range must lie inside one circular buffer or inside the L1 buffer region.
[[gnu::noinline, gnu::cold]] static uint8_t* l1_span_slow(uint32_t addr, uint32_t size, const char* what) {
    const CoreRun& c = *t_core;
    uint64_t end = uint64_t(addr) + size;
    LookupCache& cache = t_fiber->cache;
    auto remember = [&](uint32_t begin, uint32_t range_end) {
        cache.l1.put({begin, range_end});
    };
    for (const CBConfig& cfg : c.cfg->cbs) {
        const CBState& cb = c.cb[cfg.index];
        uint64_t cb_end = uint64_t(cb.base) + uint64_t(cb.page_size) * cb.num_pages;
        if (addr >= cb.base && addr < cb_end) {
            if (end > cb_end)
                fault(std::string(what) + ": L1 range [" + hex(addr) + ", " + hex(end) +
                      ") runs past the end of its circular buffer (ends at " + hex(cb_end) + ")");
            remember(cb.base, static_cast<uint32_t>(cb_end));
            return c.l1 + addr;
        }
    }
    if (addr >= c.dev->l1_bottom && end <= c.dev->l1_size) {
        remember(c.dev->l1_bottom, c.dev->l1_size);
        return c.l1 + addr;
    }
    fault(std::string(what) + ": L1 address " + hex(addr) + " is not inside any circular buffer or L1 buffer");
}

uint8_t* l1_span(uint32_t addr, uint32_t size, const char* what) {
    uint64_t end = uint64_t(addr) + size;
    for (const LookupCache::L1& e : t_fiber->cache.l1)
        if (e.end && addr >= e.begin && end <= e.end) return t_core->l1 + addr;  // e.end 0: an empty slot
    return l1_span_slow(addr, size, what);
}

const BufferInfo* Device::find_buffer(bool dram_space, uint32_t addr) const {
    const auto& at = dram_space ? dram_at : l1_at;
    auto it = at.upper_bound(addr);
    if (it == at.begin()) return nullptr;
    --it;
    const BufferInfo& b = buffers[it->second];
    return addr < b.addr + bank_span(b) ? &b : nullptr;
}

uint64_t Device::bank_span(const BufferInfo& b) const {
    uint32_t banks = b.dram ? num_dram_banks : num_cores();
    return (uint64_t(b.num_pages) + banks - 1) / banks * b.aligned_page;
}

}  // namespace ttbw

static Fiber& fiber() { return *t_fiber; }

extern "C" {

uint32_t ttbw_rt_arg(uint32_t i) {
    const auto& a = fiber().k->rt_args;
    if (i >= a.size())
        fault("get_arg_val(" + std::to_string(i) + "): only " + std::to_string(a.size()) + " runtime args were given");
    return a[i];
}

uint32_t ttbw_common_rt_arg(uint32_t i) {
    const auto& a = fiber().k->common_args;
    if (i >= a.size())
        fault("get_common_arg_val(" + std::to_string(i) + "): only " + std::to_string(a.size()) +
              " common runtime args were given");
    return a[i];
}

void ttbw_ct_arg_out_of_range(uint32_t i) {
    fault("get_compile_time_arg_val(" + std::to_string(i) + "): index out of range");
}

uint32_t ttbw_my_coord(uint32_t axis) { return axis == 0 ? t_core->cfg->x : t_core->cfg->y; }

void ttbw_fail(const char* message) { fault(message); }

void ttbw_cb_wait_front(uint32_t cb, uint32_t n) {
    CBState& c = cb_state(cb, "cb_wait_front");
    if (n > c.num_pages)
        fault("cb_wait_front(" + std::to_string(n) + ") on CB " + std::to_string(cb) +
              " can never be satisfied: the CB has only " + std::to_string(c.num_pages) + " page(s)");
    block_on(kWaitFront, cb, n);
    c.front_ack = std::max(c.front_ack, n);
}

void ttbw_cb_pop_front(uint32_t cb, uint32_t n) {
    CBState& c = cb_state(cb, "cb_pop_front");
    if (n > c.front_ack)
        fault("cb_pop_front(" + std::to_string(n) + ") on CB " + std::to_string(cb) + " pops pages never waited for (" +
              std::to_string(c.front_ack) + " acknowledged by cb_wait_front)");
    if (fiber().pending_writes)
        fault("cb_pop_front on CB " + std::to_string(cb) +
              " while NOC writes from it may be in flight (missing noc_async_write_barrier)");
    c.filled -= n;
    c.front_ack -= n;
    c.rd_page = c.wrap(c.rd_page, n);
    t_core->cb_version++;
}

void ttbw_cb_reserve_back(uint32_t cb, uint32_t n) {
    CBState& c = cb_state(cb, "cb_reserve_back");
    if (n > c.num_pages)
        fault("cb_reserve_back(" + std::to_string(n) + ") on CB " + std::to_string(cb) +
              " can never be satisfied: the CB has only " + std::to_string(c.num_pages) + " page(s)");
    block_on(kWaitBack, cb, n);
    c.reserved = std::max(c.reserved, n);
    c.hwm = std::max(c.hwm, c.filled + c.reserved);
}

void ttbw_cb_push_back(uint32_t cb, uint32_t n) {
    CBState& c = cb_state(cb, "cb_push_back");
    if (n > c.reserved)
        fault("cb_push_back(" + std::to_string(n) + ") on CB " + std::to_string(cb) + " without a matching cb_reserve_back (" +
              std::to_string(c.reserved) + " page(s) reserved)");
    if (fiber().pending_reads)
        fault("cb_push_back on CB " + std::to_string(cb) +
              " while NOC reads may be in flight (missing noc_async_read_barrier)");
    c.filled += n;
    c.reserved -= n;
    c.wr_page = c.wrap(c.wr_page, n);
    c.pack_seq = 0;
    t_core->cb_version++;
}

uint32_t ttbw_cb_read_ptr(uint32_t cb) { return cb_state(cb, "get_read_ptr").read_ptr(); }
uint32_t ttbw_cb_write_ptr(uint32_t cb) { return cb_state(cb, "get_write_ptr").write_ptr(); }
uint32_t ttbw_cb_page_size(uint32_t cb) { return cb_state(cb, "get_tile_size").page_size; }
uint32_t ttbw_cb_format(uint32_t cb) { return cb_state(cb, "get_dataformat").fmt; }
int ttbw_cb_poll(uint32_t cb, uint32_t n, int back) {
    cb_state(cb, back ? "cb_pages_reservable_at_back" : "cb_pages_available_at_front");
    return poll(back ? kWaitBack : kWaitFront, cb, n) ? 1 : 0;
}

// The buffer an interleaved accessor names, found in the core's buffers (and remembered).
[[gnu::noinline, gnu::cold]] static const BufferInfo& find_accessor_buffer(uint32_t config, uint32_t base,
                                                                          uint32_t page_size, const char* what) {
    LookupCache& cache = t_fiber->cache;
    Device& d = *t_core->dev;
    if (config & 1u) fault(std::string(what) + ": sharded TensorAccessor is not supported by the emulator");
    bool dram = (config & 2u) != 0;
    auto& at = dram ? d.dram_at : d.l1_at;
    auto it = at.find(base);
    if (it == at.end())
        fault(std::string(what) + ": no " + (dram ? "DRAM" : "L1") + " buffer starts at address " + hex(base));
    const BufferInfo& b = d.buffers[it->second];
    if (page_size != b.page_size)
        fault(std::string(what) + ": TensorAccessor page size " + std::to_string(page_size) + " does not match buffer '" +
              b.name + "' page size " + std::to_string(b.page_size));
    cache.page.put({config, base, page_size, &b});
    return b;
}

// The buffer an interleaved accessor (config, base address, page size) names.
static inline const BufferInfo& accessor_buffer(uint32_t config, uint32_t base, uint32_t page_size, const char* what) {
    for (const LookupCache::Page& e : t_fiber->cache.page)
        if (e.b && e.base == base && e.config == config && e.page_size == page_size) return *e.b;
    return find_accessor_buffer(config, base, page_size, what);
}

[[gnu::noinline, gnu::cold, noreturn]] static void page_fault(const BufferInfo& b, uint32_t page, uint32_t offset,
                                                             uint32_t size, const char* what) {
    if (page >= b.num_pages)
        fault(std::string(what) + ": page (tile) index " + std::to_string(page) + " out of range for buffer '" + b.name +
              "' with " + std::to_string(b.num_pages) + " pages");
    fault(std::string(what) + ": transfer of " + std::to_string(size) + " bytes at offset " + std::to_string(offset) +
          " exceeds the page size " + std::to_string(b.page_size));
}

// Where page `page` (+offset) of the interleaved buffer at `base` lies: its bank and the
// offset inside the bank.
struct PageLocation {
    const BufferInfo* b;
    uint32_t bank;
    uint64_t addr;
};

static inline PageLocation locate_page(uint32_t config, uint32_t base, uint32_t page_size, uint32_t page,
                                       uint32_t offset, uint32_t size, const char* what) {
    const BufferInfo& b = accessor_buffer(config, base, page_size, what);
    if (page >= b.num_pages || uint64_t(offset) + size > b.page_size) page_fault(b, page, offset, size, what);
    Device& d = *t_core->dev;
    uint32_t banks = b.dram ? d.num_dram_banks : d.num_cores();
    uint32_t row = page / banks;
    return {&b, page - row * banks, uint64_t(b.addr) + uint64_t(row) * b.aligned_page + offset};
}

// The bytes of page `page` (+offset) of the interleaved buffer at `base`.
static uint8_t* page_memory(uint32_t config, uint32_t base, uint32_t page_size, uint32_t page, uint32_t offset,
                            uint32_t size, const BufferInfo** out, const char* what) {
    PageLocation at = locate_page(config, base, page_size, page, offset, size, what);
    Device& d = *t_core->dev;
    *out = at.b;
    return at.b->dram ? d.dram[at.bank] + at.addr : d.l1[at.bank] + at.addr;
}

void ttbw_noc_page(int write, uint32_t config, uint32_t base, uint32_t page_size, uint32_t page, uint32_t l1_addr,
                   uint32_t offset) {
    const char* what = write ? "noc_async_write_tile" : "noc_async_read_tile";
    const BufferInfo* b = nullptr;
    uint32_t size = page_size - std::min(offset, page_size);
    uint8_t* mem = page_memory(config, base, page_size, page, offset, size, &b, what);
    uint8_t* l1 = l1_span(l1_addr, size, what);
    Counters& ctr = *t_core->ctr;
    if (write) {
        std::memcpy(mem, l1, size);
        ctr.buf_write[b->id] += size;
        ctr.ops[kNocWriteTile]++;
        fiber().pending_writes++;
    } else {
        std::memcpy(l1, mem, size);
        ctr.buf_read[b->id] += size;
        ctr.ops[kNocReadTile]++;
        fiber().pending_reads++;
    }
}

// NOC address: bit 63 = DRAM; bits 40..47 DRAM bank or core y; bits 48..55 core x; low 32 bits offset.
uint64_t ttbw_noc_page_addr(uint32_t config, uint32_t base, uint32_t page_size, uint32_t page, uint32_t offset) {
    PageLocation at = locate_page(config, base, page_size, page, offset, 0, "get_noc_addr");
    Device& d = *t_core->dev;
    if (at.b->dram) return (1ull << 63) | (uint64_t(at.bank) << 40) | at.addr;
    return (uint64_t(at.bank % d.gx) << 48) | (uint64_t(at.bank / d.gx) << 40) | at.addr;
}

uint64_t ttbw_noc_xy_addr(uint32_t x, uint32_t y, uint32_t addr) {
    return (uint64_t(x & 0xff) << 48) | (uint64_t(y & 0xff) << 40) | addr;
}

// The live buffer of a space (DRAM / L1) whose bank range holds `addr` (null if none) and
// the end of that range.
static const BufferInfo* buffer_at(bool dram, uint32_t addr, uint64_t* end) {
    Device& d = *t_core->dev;
    if (!dram && addr < d.l1_bottom) return nullptr;  // below every L1 buffer: CB memory
    LookupCache& cache = t_fiber->cache;
    for (const LookupCache::Range& e : cache.range[dram])
        if (e.b && addr >= e.begin && addr < e.end) {
            *end = e.end;
            return e.b;
        }
    const BufferInfo* b = d.find_buffer(dram, addr);
    if (b) {
        *end = b->addr + d.bank_span(*b);
        cache.range[dram].put({b->addr, *end, b});
    }
    return b;
}

// Why the NOC range at `noc` is refused (its checks in noc_memory's order).
[[gnu::noinline, gnu::cold, noreturn]] static void noc_fault(uint64_t noc, uint32_t size, const char* what) {
    Device& d = *t_core->dev;
    uint32_t addr = static_cast<uint32_t>(noc);
    if (noc >> 63) {
        uint32_t bank = (noc >> 40) & 0xff;
        if (bank >= d.num_dram_banks) fault(std::string(what) + ": DRAM bank " + std::to_string(bank) + " does not exist");
        const BufferInfo* b = d.find_buffer(true, addr);
        if (!b) fault(std::string(what) + ": DRAM address " + hex(addr) + " is not inside any buffer");
        fault(std::string(what) + ": DRAM range runs past the end of buffer '" + b->name + "'");
    }
    uint32_t x = (noc >> 48) & 0xff, y = (noc >> 40) & 0xff;
    if (x >= d.gx || y >= d.gy)
        fault(std::string(what) + ": core (" + std::to_string(x) + "," + std::to_string(y) + ") is outside the grid");
    fault(std::string(what) + ": L1 range runs past the end of L1");
}

// Resolve a NOC address range to memory, attributing it to a buffer where one covers it.
static uint8_t* noc_memory(uint64_t noc, uint32_t size, const BufferInfo** buf, const char* what) {
    Device& d = *t_core->dev;
    uint32_t addr = static_cast<uint32_t>(noc);
    uint64_t end = 0;
    if (noc >> 63) {
        uint32_t bank = (noc >> 40) & 0xff;
        const BufferInfo* b = bank < d.num_dram_banks ? buffer_at(true, addr, &end) : nullptr;
        if (!b || uint64_t(addr) + size > end) noc_fault(noc, size, what);
        *buf = b;
        return d.dram[bank] + addr;
    }
    uint32_t x = (noc >> 48) & 0xff, y = (noc >> 40) & 0xff;
    if (x >= d.gx || y >= d.gy || uint64_t(addr) + size > d.l1_size) noc_fault(noc, size, what);
    *buf = buffer_at(false, addr, &end);
    return d.l1[y * d.gx + x] + addr;
}

void ttbw_noc_read(uint64_t src, uint32_t l1_addr, uint32_t size) {
    const BufferInfo* b = nullptr;
    uint8_t* mem = noc_memory(src, size, &b, "noc_async_read");
    std::memcpy(l1_span(l1_addr, size, "noc_async_read"), mem, size);
    if (b) t_core->ctr->buf_read[b->id] += size;
    t_core->ctr->ops[kNocRead]++;
    fiber().pending_reads++;
}

void ttbw_noc_write(uint32_t l1_addr, uint64_t dst, uint32_t size) {
    const BufferInfo* b = nullptr;
    uint8_t* mem = noc_memory(dst, size, &b, "noc_async_write");
    std::memcpy(mem, l1_span(l1_addr, size, "noc_async_write"), size);
    if (b) t_core->ctr->buf_write[b->id] += size;
    t_core->ctr->ops[kNocWrite]++;
    fiber().pending_writes++;
}

void ttbw_noc_barrier(int write) {
    if (write) fiber().pending_writes = 0;
    else fiber().pending_reads = 0;
}

}  // extern "C"
