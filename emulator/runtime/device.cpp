// C API used by the Python runtime (ctypes): devices, interleaved buffers, programs.
// Every call returns 0 / a valid handle on success; on failure the reason is available from
// ttbw_dev_error (device calls) or ttbw_prog_error (program calls).
#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <unordered_map>

#include "emu.h"

using namespace ttbw;

namespace {

struct ProgramHandle {
    Program prog;
    std::string error, json;
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
static int64_t buf_alloc(Device* d, int dram, uint32_t page_size, uint32_t num_pages, const char* name,
                         uint32_t* id_out);
static int add_kernel(ProgramHandle* p, uint32_t x, uint32_t y, int proc, const char* so_path, const char* name,
                      const uint32_t* rt, uint32_t nrt, const uint32_t* common, uint32_t ncommon, int fp32_dest);
}

extern "C" {

void* ttbw_dev_open(uint32_t gx, uint32_t gy, uint32_t dram_banks, uint32_t l1_size) {
    if (gx == 0 || gy == 0 || gx > 255 || gy > 255 || dram_banks == 0 || dram_banks > 255 || l1_size % kL1Align)
        return nullptr;
    auto* d = new Device();
    d->gx = gx;
    d->gy = gy;
    d->num_dram_banks = dram_banks;
    d->l1_size = l1_size;
    d->l1_bottom = l1_size;
    d->dram.resize(dram_banks);
    for (uint32_t i = 0; i < gx * gy; ++i) {
        auto* p = static_cast<uint8_t*>(std::calloc(l1_size, 1));
        if (!p) { for (auto* q : d->l1) std::free(q); delete d; return nullptr; }
        d->l1.push_back(p);
    }
    return d;
}

void ttbw_dev_close(void* h) {
    auto* d = static_cast<Device*>(h);
    if (!d) return;
    for (auto* p : d->l1) std::free(p);
    delete d;
}

const char* ttbw_dev_error(void* h) { return static_cast<Device*>(h)->error.c_str(); }

uint64_t ttbw_dev_programs_launched(void* h) { return static_cast<Device*>(h)->programs_launched; }

// Allocate an interleaved buffer; returns its address (same in every bank) or -1.
int64_t ttbw_buf_alloc(void* h, int dram, uint32_t page_size, uint32_t num_pages, const char* name, uint32_t* id_out) {
    auto* d = static_cast<Device*>(h);
    try {
        return buf_alloc(d, dram, page_size, num_pages, name, id_out);
    } catch (const std::exception& e) {  // e.g. bad_alloc: never let C++ exceptions cross the C ABI
        d->error = std::string("cannot allocate buffer: ") + e.what();
        return -1;
    }
}

static int64_t buf_alloc(Device* d, int dram, uint32_t page_size, uint32_t num_pages, const char* name,
                         uint32_t* id_out) {
    if (page_size == 0 || num_pages == 0) { d->error = "buffer needs a page size and at least one page"; return -1; }
    uint32_t align = dram ? kDramAlign : kL1Align;
    uint32_t aligned = align_up(page_size, align);
    uint32_t banks = dram ? d->num_dram_banks : d->num_cores();
    uint64_t per_bank = (uint64_t(num_pages) + banks - 1) / banks * aligned;
    BufferInfo b{static_cast<uint32_t>(d->buffers.size()), name ? name : "", dram != 0, 0, page_size, aligned,
                 num_pages, true};
    if (dram) {
        if (d->dram_top + per_bank > 0xC0000000ull) { d->error = "out of DRAM (3 GiB per bank)"; return -1; }
        b.addr = d->dram_top;
        d->dram_top = static_cast<uint32_t>(d->dram_top + per_bank);
        for (auto& bank : d->dram) bank.resize(d->dram_top, 0);
        d->dram_at[b.addr] = b.id;
    } else {
        if (per_bank > d->l1_bottom) {
            d->error = "out of L1: an L1 buffer of " + std::to_string(per_bank) + " bytes per core does not fit in the " +
                       std::to_string(d->l1_bottom) + " bytes left of " + std::to_string(d->l1_size);
            return -1;
        }
        d->l1_bottom = static_cast<uint32_t>(d->l1_bottom - per_bank) / kL1Align * kL1Align;
        b.addr = d->l1_bottom;
        d->l1_at[b.addr] = b.id;
    }
    d->buffers.push_back(b);
    *id_out = b.id;
    return b.addr;
}

// Copy whole pages between host memory (page after page) and an interleaved buffer.
int ttbw_buf_io(void* h, uint32_t id, int write, uint8_t* host, uint64_t nbytes) {
    auto* d = static_cast<Device*>(h);
    if (id >= d->buffers.size() || !d->buffers[id].live) { d->error = "no such buffer"; return -1; }
    const BufferInfo& b = d->buffers[id];
    if (nbytes != uint64_t(b.page_size) * b.num_pages) {
        d->error = "host data has " + std::to_string(nbytes) + " bytes, buffer '" + b.name + "' holds " +
                   std::to_string(uint64_t(b.page_size) * b.num_pages);
        return -1;
    }
    uint32_t banks = b.dram ? d->num_dram_banks : d->num_cores();
    for (uint32_t p = 0; p < b.num_pages; ++p) {
        uint32_t bank = p % banks;
        uint64_t off = uint64_t(b.addr) + uint64_t(p / banks) * b.aligned_page;
        uint8_t* mem = b.dram ? d->dram[bank].data() + off : d->l1[bank] + off;
        uint8_t* hp = host + uint64_t(p) * b.page_size;
        if (write) std::memcpy(mem, hp, b.page_size);
        else std::memcpy(hp, mem, b.page_size);
    }
    return 0;
}

// Frees a buffer. DRAM space is not reused (bump allocator); the top L1 buffer's space is.
int ttbw_buf_free(void* h, uint32_t id) {
    auto* d = static_cast<Device*>(h);
    if (id >= d->buffers.size() || !d->buffers[id].live) { d->error = "no such buffer"; return -1; }
    BufferInfo& b = d->buffers[id];
    b.live = false;
    if (b.dram) {
        d->dram_at.erase(b.addr);
    } else {
        d->l1_at.erase(b.addr);
        d->l1_bottom = d->l1_at.empty() ? d->l1_size : d->l1_at.begin()->first;
    }
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
    CoreConfig& c = p->prog.cores[y * d.gx + x];
    c.x = x;
    c.y = y;
    return &c;
}

int ttbw_prog_add_cb(void* h, uint32_t x, uint32_t y, uint32_t index, uint32_t fmt, uint32_t page_size,
                     uint32_t num_pages) {
    auto* p = static_cast<ProgramHandle*>(h);
    CoreConfig* c = core_of(p, x, y);
    if (!c) return -1;
    if (index >= kNumCBs) { p->error = "CB index " + std::to_string(index) + " out of range (0..31)"; return -1; }
    if (!format_supported(fmt)) { p->error = "CB " + std::to_string(index) + ": unsupported data format"; return -1; }
    if (num_pages == 0 || page_size == 0) { p->error = "CB " + std::to_string(index) + " needs pages"; return -1; }
    for (const CBConfig& cb : c->cbs)
        if (cb.index == index) { p->error = "CB " + std::to_string(index) + " defined twice on a core"; return -1; }
    try {
        c->cbs.push_back(CBConfig{index, fmt, page_size, num_pages});
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

// Runs the program; on success the counters are available as JSON from ttbw_prog_counters.
int ttbw_prog_run(void* h, uint32_t workers) {
    auto* p = static_cast<ProgramHandle*>(h);
    try {
        p->error = run_program(p->prog, workers);
    } catch (const std::exception& e) {
        p->error = std::string("emulator failure: ") + e.what();
    }
    return p->error.empty() ? 0 : -1;
}

// Counters of the last successful run as JSON ("" if there is none).
const char* ttbw_prog_counters(void* h) {
    auto* p = static_cast<ProgramHandle*>(h);
    try {
        p->json = counters_json(p->prog);
    } catch (const std::exception&) {
        p->json.clear();
    }
    return p->json.c_str();
}

}  // extern "C"
