// C API used by the Python runtime (ctypes): devices, interleaved buffers, programs.
// Every call returns 0 / a valid handle on success; on failure the reason is available from
// ttbw_dev_error (device calls) or ttbw_prog_error (program calls).
#include <dlfcn.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "emu.h"

using namespace ttbw;

namespace {

struct ProgramHandle {
    Program prog;
    std::string error;
};

struct CountersHandle {
    RunResult result;
    std::string json;
};

// Kernel shared objects are loaded once per path and never unloaded (cheap, and safe for
// threads still referring to them).
std::mutex g_so_mutex;
std::unordered_map<std::string, void (*)()> g_entries;

void (*load_kernel(const std::string& path, std::string* err))() {
    std::lock_guard<std::mutex> lock(g_so_mutex);
    auto it = g_entries.find(path);
    if (it != g_entries.end()) return it->second;
    void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) { *err = std::string("cannot load kernel: ") + dlerror(); return nullptr; }
    auto fn = reinterpret_cast<void (*)()>(dlsym(h, "ttbw_kernel_entry"));
    if (!fn) { *err = "kernel " + path + " has no ttbw_kernel_entry (does it define kernel_main?)"; return nullptr; }
    g_entries[path] = fn;
    return fn;
}

uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

}  // namespace

// Bodies of two C entry points, wrapped there so no C++ exception crosses the C ABI.
extern "C" {
static int64_t buf_alloc(Device* d, int dram, uint32_t page_size, uint32_t num_pages, int64_t at, const char* name,
                         uint32_t* id_out);
static int add_kernel(ProgramHandle* p, uint32_t x, uint32_t y, int proc, const char* so_path, const char* name,
                      const uint32_t* rt, uint32_t nrt, const uint32_t* common, uint32_t ncommon, int fp32_dest);
}

extern "C" {

void ttbw_dev_close(void* h);

void* ttbw_dev_open(uint32_t gx, uint32_t gy, uint32_t dram_banks, uint32_t l1_size) {
    if (gx == 0 || gy == 0 || gx > 255 || gy > 255 || dram_banks == 0 || dram_banks > 255 || l1_size % kL1Align)
        return nullptr;
    auto* d = new Device();
    d->gx = gx;
    d->gy = gy;
    d->num_dram_banks = dram_banks;
    d->l1_size = l1_size;
    d->l1_bottom = l1_size;
    d->l1_alloc = RangeAllocator(0, l1_size, kL1Align, true);
    for (uint32_t i = 0; i < dram_banks; ++i) {
        void* p = mmap(nullptr, kDramMapBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                       -1, 0);
        if (p == MAP_FAILED) { ttbw_dev_close(d); return nullptr; }
        madvise(p, kDramMapBytes, MADV_HUGEPAGE);  // fewer TLB misses across 12 banks; a hint only
        d->dram.push_back(static_cast<uint8_t*>(p) + dram_skew(i));
    }
    for (uint32_t i = 0; i < gx * gy; ++i) {
        auto* p = static_cast<uint8_t*>(std::calloc(l1_size, 1));
        if (!p) { ttbw_dev_close(d); return nullptr; }
        d->l1.push_back(p);
    }
    return d;
}

void ttbw_dev_close(void* h) {
    auto* d = static_cast<Device*>(h);
    if (!d) return;
    for (uint32_t i = 0; i < d->dram.size(); ++i) munmap(d->dram[i] - dram_skew(i), kDramMapBytes);
    for (auto* p : d->l1) std::free(p);
    delete d;
}

const char* ttbw_dev_error(void* h) { return static_cast<Device*>(h)->error.c_str(); }

uint64_t ttbw_dev_programs_launched(void* h) { return static_cast<Device*>(h)->programs_launched; }

// Bytes per bank held by live buffers of a memory (DRAM, or L1 of each core), and the number
// of live buffers: what the allocator has handed out, alignment included.
uint64_t ttbw_dev_memory_used(void* h, int dram, uint32_t* live_buffers) {
    auto* d = static_cast<Device*>(h);
    *live_buffers = static_cast<uint32_t>((dram ? d->dram_at : d->l1_at).size());
    return (dram ? d->dram_alloc : d->l1_alloc).used();
}

// Allocate an interleaved buffer; returns its address (same in every bank) or -1. `at`: the
// address it must have (a compiled host program's), or -1 for the allocator's choice.
int64_t ttbw_buf_alloc_at(void* h, int dram, uint32_t page_size, uint32_t num_pages, int64_t at, const char* name,
                          uint32_t* id_out) {
    auto* d = static_cast<Device*>(h);
    try {
        return buf_alloc(d, dram, page_size, num_pages, at, name, id_out);
    } catch (const std::exception& e) {  // e.g. bad_alloc: never let C++ exceptions cross the C ABI
        d->error = std::string("cannot allocate buffer: ") + e.what();
        return -1;
    }
}

// Where a range of `bytes` per bank (DRAM) or per core (L1) would be allocated now, or -1: the
// executor places a host program's buffers, laid out from there, as one block.
int64_t ttbw_dev_find_free(void* h, int dram, uint64_t bytes) {
    auto* d = static_cast<Device*>(h);
    return (dram ? d->dram_alloc : d->l1_alloc).find_free(bytes);
}

// A new buffer's memory reads as zero (as fresh memory did), so results never depend on what a
// freed buffer held there.
static void zero_new_buffer(Device* d, const BufferInfo& b, uint64_t per_bank) {
    if (b.dram) {
        uint64_t end = b.addr + per_bank;
        if (b.addr < d->dram_clean_from) {
            uint64_t dirty = std::min(end, d->dram_clean_from) - b.addr;
            for (auto* bank : d->dram) std::memset(bank + b.addr, 0, dirty);
        }
        d->dram_clean_from = std::max(d->dram_clean_from, end);
    } else {
        for (auto* l1 : d->l1) std::memset(l1 + b.addr, 0, per_bank);
    }
}

static int64_t buf_alloc(Device* d, int dram, uint32_t page_size, uint32_t num_pages, int64_t at, const char* name,
                         uint32_t* id_out) {
    if (page_size == 0 || num_pages == 0) { d->error = "buffer needs a page size and at least one page"; return -1; }
    uint32_t align = dram ? kDramAlign : kL1Align;
    uint32_t aligned = align_up(page_size, align);
    uint32_t banks = dram ? d->num_dram_banks : d->num_cores();
    uint64_t per_bank = (uint64_t(num_pages) + banks - 1) / banks * aligned;
    RangeAllocator& space = dram ? d->dram_alloc : d->l1_alloc;
    int64_t addr = at;
    if (at >= 0 && !space.allocate_at(static_cast<uint64_t>(at), per_bank)) {
        d->error = std::string(dram ? "DRAM" : "L1") + " range [" + std::to_string(at) + ", " +
                   std::to_string(at + int64_t(per_bank)) + ") of buffer '" + (name ? name : "") +
                   "' is not free (taken, misaligned or outside the memory)";
        return -1;
    }
    if (at < 0) addr = space.allocate(per_bank);
    if (addr < 0) {
        if (dram) {
            d->error = "out of DRAM: a buffer of " + std::to_string(per_bank) + " bytes per bank does not fit in the " +
                       std::to_string(space.largest_free()) + " bytes of the largest free range (3 GiB per bank)";
        } else {
            d->error = "out of L1: an L1 buffer of " + std::to_string(per_bank) + " bytes per core does not fit in the " +
                       std::to_string(space.largest_free()) + " bytes of the largest free range of " +
                       std::to_string(d->l1_size);
        }
        return -1;
    }
    uint32_t id;
    if (d->free_ids.empty()) {
        id = static_cast<uint32_t>(d->buffers.size());
        d->buffers.emplace_back();
    } else {
        id = *d->free_ids.begin();
        d->free_ids.erase(d->free_ids.begin());
    }
    BufferInfo& b = d->buffers[id];
    b = BufferInfo{id, name ? name : "", dram != 0, static_cast<uint32_t>(addr), page_size, aligned, num_pages, true};
    zero_new_buffer(d, b, per_bank);
    if (dram) {
        d->dram_at[b.addr] = id;
    } else {
        d->l1_at[b.addr] = id;
        d->l1_bottom = static_cast<uint32_t>(d->l1_alloc.lowest_used());
    }
    *id_out = id;
    return addr;
}

// Frees a buffer: its range and its id are reused by later allocations.
int ttbw_buf_free(void* h, uint32_t id) {
    auto* d = static_cast<Device*>(h);
    if (id >= d->buffers.size() || !d->buffers[id].live) { d->error = "no such buffer"; return -1; }
    BufferInfo& b = d->buffers[id];
    b.live = false;
    if (b.dram) {
        d->dram_at.erase(b.addr);
        d->dram_alloc.release(b.addr);
    } else {
        d->l1_at.erase(b.addr);
        d->l1_alloc.release(b.addr);
        d->l1_bottom = static_cast<uint32_t>(d->l1_alloc.lowest_used());
    }
    b.name.clear();
    b.name.shrink_to_fit();
    d->free_ids.insert(id);
    return 0;
}

void* ttbw_prog_new(void* dev) {
    auto* p = new ProgramHandle();
    p->prog.dev = static_cast<Device*>(dev);
    return p;
}

void ttbw_prog_free(void* h) { delete static_cast<ProgramHandle*>(h); }

const char* ttbw_prog_error(void* h) { return static_cast<ProgramHandle*>(h)->error.c_str(); }

static CoreConfig* core_of(ProgramHandle* p, uint32_t x, uint32_t y) {
    Device& d = *p->prog.dev;
    if (x >= d.gx || y >= d.gy) {
        p->error = "core (" + std::to_string(x) + "," + std::to_string(y) + ") is outside the " + std::to_string(d.gx) +
                   "x" + std::to_string(d.gy) + " grid";
        return nullptr;
    }
    p->prog.layout.reset();  // the cores or their CBs change
    CoreConfig& c = p->prog.cores[y * d.gx + x];
    c.x = x;
    c.y = y;
    return &c;
}

int ttbw_prog_add_cb(void* h, uint32_t x, uint32_t y, uint32_t index, uint32_t fmt, uint32_t page_size,
                     uint32_t num_pages, uint32_t address) {
    auto* p = static_cast<ProgramHandle*>(h);
    CoreConfig* c = core_of(p, x, y);
    if (!c) return -1;
    if (index >= kNumCBs) { p->error = "CB index " + std::to_string(index) + " out of range (0..31)"; return -1; }
    if (!format_supported(fmt)) { p->error = "CB " + std::to_string(index) + ": unsupported data format"; return -1; }
    if (num_pages == 0 || page_size == 0) { p->error = "CB " + std::to_string(index) + " needs pages"; return -1; }
    if (address != kAnyAddress && address % kL1Align) {
        p->error = "CB " + std::to_string(index) + ": address " + std::to_string(address) + " is not " +
                   std::to_string(kL1Align) + "-byte aligned";
        return -1;
    }
    for (const CBConfig& cb : c->cbs)
        if (cb.index == index) { p->error = "CB " + std::to_string(index) + " defined twice on a core"; return -1; }
    try {
        c->cbs.push_back(CBConfig{index, fmt, page_size, num_pages, address});
    } catch (const std::exception& e) {
        p->error = e.what();
        return -1;
    }
    return 0;
}

int ttbw_prog_add_kernel(void* h, uint32_t x, uint32_t y, int proc, const char* so_path, const char* name,
                         const uint32_t* rt, uint32_t nrt, const uint32_t* common, uint32_t ncommon, int fp32_dest) {
    auto* p = static_cast<ProgramHandle*>(h);
    try {
        return add_kernel(p, x, y, proc, so_path, name, rt, nrt, common, ncommon, fp32_dest);
    } catch (const std::exception& e) {
        p->error = std::string("cannot add kernel: ") + e.what();
        return -1;
    }
}

static int add_kernel(ProgramHandle* p, uint32_t x, uint32_t y, int proc, const char* so_path, const char* name,
                      const uint32_t* rt, uint32_t nrt, const uint32_t* common, uint32_t ncommon, int fp32_dest) {
    CoreConfig* c = core_of(p, x, y);
    if (!c) return -1;
    if (proc < 0 || proc > 2) { p->error = "bad processor"; return -1; }
    if (c->kernels[proc]) {
        p->error = "core (" + std::to_string(x) + "," + std::to_string(y) + ") already runs kernel '" +
                   c->kernels[proc]->name + "' on that processor";
        return -1;
    }
    auto fn = load_kernel(so_path, &p->error);
    if (!fn) return -1;
    auto* k = new KernelConfig{name, proc, fn, std::vector<uint32_t>(rt, rt + nrt),
                               std::vector<uint32_t>(common, common + ncommon), fp32_dest != 0};
    p->prog.owned.push_back(k);
    c->kernels[proc] = k;
    return 0;
}

// Runs the program; on success its counters can be taken with ttbw_prog_take_counters.
int ttbw_prog_run(void* h, uint32_t workers) {
    auto* p = static_cast<ProgramHandle*>(h);
    try {
        p->error = run_program(p->prog, workers);
    } catch (const std::exception& e) {
        p->error = std::string("emulator failure: ") + e.what();
    }
    return p->error.empty() ? 0 : -1;
}

// The counters of the last successful run, handed over (nullptr if there are none): they stay
// valid after later runs and after the program is freed (ttbw_counters_free frees them).
void* ttbw_prog_take_counters(void* h) {
    auto* p = static_cast<ProgramHandle*>(h);
    if (!p->prog.last.valid) return nullptr;
    try {
        auto* c = new CountersHandle{std::move(p->prog.last), {}};
        p->prog.last = RunResult{};
        return c;
    } catch (const std::exception&) {
        return nullptr;
    }
}

// The counters as JSON ("" if they cannot be built).
const char* ttbw_counters_json(void* h) {
    auto* c = static_cast<CountersHandle*>(h);
    try {
        c->json = counters_json(c->result);
    } catch (const std::exception&) {
        c->json.clear();
    }
    return c->json.c_str();
}

void ttbw_counters_free(void* h) { delete static_cast<CountersHandle*>(h); }

}  // extern "C"
