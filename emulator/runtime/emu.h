// Internal state of the emulated device: memories, buffers, programs and per-core run state.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "allocator.h"
#include "context.h"
#include "formats.h"
#include "../include/ttbw_emu/sfpu_ops.h"  // the SFPU op list the kernel headers use

namespace ttbw {

constexpr uint32_t kNumCBs = 32;
constexpr uint32_t kDramAlign = 32;
constexpr uint32_t kL1Align = 16;
constexpr uint32_t kDramBase = 0x10000;  // no buffer at low addresses: a zero base is caught
constexpr uint64_t kDramBankBytes = 0xC0000000ull;  // 3 GiB per bank, reserved (untouched pages cost nothing)
// Where bank i starts in its host mapping. The same page of every bank would otherwise sit at
// the same host address modulo 3 GiB, i.e. in the same cache set: a tile row spread over the 12
// banks (uploads, NOC reads) would evict itself. An odd number of cache lines apart, no two
// banks share a set.
inline uint64_t dram_skew(uint32_t bank) { return uint64_t(bank) * (2048 + 64); }
constexpr uint64_t kDramMapBytes = kDramBankBytes + (1u << 20);  // room for the skew of 255 banks

// A fault raised inside a kernel (bad index, protocol misuse, ...). Unwinds to the fiber entry.
struct KernelFault : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct BufferInfo {
    uint32_t id;
    std::string name;
    bool dram;
    uint32_t addr;          // same address in every bank (interleaved)
    uint32_t page_size;     // bytes of one page
    uint32_t aligned_page;  // page stride inside a bank
    uint32_t num_pages;
    bool live;
};

struct Device {
    uint32_t gx, gy, num_dram_banks, l1_size;
    std::vector<uint8_t*> dram;  // per DRAM bank, kDramBankBytes reserved (at dram_skew(bank) in its mapping)
    std::vector<uint8_t*> l1;    // one L1 per core (calloc: untouched pages cost nothing)
    std::vector<BufferInfo> buffers;  // by id; ids of freed buffers are reused (lowest first)
    std::set<uint32_t> free_ids;
    std::map<uint32_t, uint32_t> dram_at, l1_at;  // start address -> buffer id (live buffers)
    RangeAllocator dram_alloc{kDramBase, kDramBankBytes, kDramAlign, false};  // same offset in every bank
    RangeAllocator l1_alloc{0, 0, kL1Align, true};  // top-down, like tt-metal; CBs sit below
    uint64_t dram_clean_from = kDramBase;  // DRAM above this offset was never written: still zero
    uint32_t l1_bottom;                    // lowest live L1 buffer (l1_size if none)
    uint64_t programs_launched = 0;
    std::string error;

    uint32_t num_cores() const { return gx * gy; }
    // Find the live buffer containing page-aligned `addr` in a bank of the given space.
    const BufferInfo* find_buffer(bool dram_space, uint32_t addr) const;
    // Bytes of one bank a buffer spans, and the buffer's memory in `bank`.
    uint64_t bank_span(const BufferInfo& b) const;
    uint8_t* bank_memory(const BufferInfo& b, uint32_t bank) const {
        return (b.dram ? dram[bank] : l1[bank]) + b.addr;
    }
};

struct CBConfig {
    uint32_t index, fmt, page_size, num_pages;
};

enum Proc { kReader = 0, kCompute = 1, kWriter = 2 };

struct KernelConfig {
    std::string name;
    int proc;
    void (*fn)();
    std::vector<uint32_t> rt_args, common_args;
    bool fp32_dest;
};

struct CoreConfig {
    uint32_t x = 0, y = 0;
    std::vector<CBConfig> cbs;
    KernelConfig* kernels[3] = {nullptr, nullptr, nullptr};
};

// Where a run's counters belong: per core (program order) its coordinates and CB indices.
struct RunLayout {
    struct Core { uint32_t x, y; std::vector<uint32_t> cbs; };
    std::vector<Core> cores;
};

// Counters of one run, self-contained (they outlive the next run and the program): JSON is
// built only when asked for, so a launch costs nothing for them.
struct RunResult {
    bool valid = false;
    std::vector<uint64_t> ops, buf_read, buf_write;
    std::vector<std::vector<uint32_t>> hwm;  // per core (program order), per CB index
    std::vector<uint32_t> l1_used;
    struct Buffer { uint32_t id; std::string name; bool dram; };
    std::vector<Buffer> buffers;  // the buffers the run read or wrote, as they were named then
    std::shared_ptr<const RunLayout> layout;
    uint64_t programs_launched = 0;
};

struct Program {
    Device* dev;
    std::map<uint32_t, CoreConfig> cores;  // by core index y*gx+x (ordered => deterministic)
    std::vector<KernelConfig*> owned;
    std::shared_ptr<const RunLayout> layout;  // of `cores`; built by the first run after a change
    RunResult last;
    ~Program() { for (auto* k : owned) delete k; }
};

enum Op {
    kMulTiles, kAddTiles, kSubTiles, kMulBinaryTile, kAddBinaryTile, kSubBinaryTile, kCopyTile,
    kFillTile, kReduceTile, kUnaryBcast, kDestReuse, kPackTile, kTilize, kUntilize, kNocReadTile,
    kNocWriteTile, kNocRead, kNocWrite, kMatmulTiles, kTransposeWhTile,
#define TTBW_X(name) kOp_##name,
    TTBW_SFPU_UNARY_OPS(TTBW_X) TTBW_SFPU_BINARY_OPS(TTBW_X) TTBW_SFPU_TERNARY_OPS(TTBW_X)
#undef TTBW_X
    kNumOps
};
extern const char* const kOpNames[kNumOps];

struct Counters {
    uint64_t ops[kNumOps] = {};
    std::vector<uint64_t> buf_read, buf_write;  // bytes per buffer id
    explicit Counters(size_t nbuf = 0) : buf_read(nbuf), buf_write(nbuf) {}
    void add(const Counters& o);
};

struct CBState {
    bool used = false;
    uint32_t fmt = 0, page_size = 0, num_pages = 0, base = 0;
    uint32_t rd_page = 0, wr_page = 0;
    uint32_t filled = 0;     // pushed and not yet popped
    uint32_t reserved = 0;   // reserved by the producer, not yet pushed
    uint32_t front_ack = 0;  // pages the consumer waited for, not yet popped
    uint32_t pack_seq = 0;   // packer's sequential output position (reset by push_back)
    uint32_t hwm = 0;        // high-water mark of filled + reserved
    uint32_t read_ptr() const { return base + rd_page * page_size; }
    uint32_t write_ptr() const { return base + wr_page * page_size; }
    // Page `from + k` of the FIFO (from < num_pages, k <= num_pages): no division.
    uint32_t wrap(uint32_t from, uint32_t k) const {
        uint32_t p = from + k;
        return p >= num_pages ? p - num_pages : p;
    }
};

// Small per-fiber caches of the lookups every NOC call makes (which buffer an accessor or a NOC
// address names, which CB an L1 range lies in): a hit compares a few words instead of walking a
// map or the CB list. Entries stay valid for a run: buffers and CBs do not change during one.
struct LookupCache {
    static constexpr int kWays = 4;
    struct Page { uint32_t config, base, page_size; const BufferInfo* b; };
    struct Range { uint64_t begin, end; const BufferInfo* b; };  // DRAM / L1 ranges of one buffer
    struct L1 { uint32_t begin, end; };                            // a CB or the L1 buffer region
    template <class E> struct Ways {  // the kWays latest entries, replaced round robin
        E e[kWays] = {};
        uint8_t next = 0;
        void put(const E& x) { e[next] = x; next = (next + 1) % kWays; }
        const E* begin() const { return e; }
        const E* end() const { return e + kWays; }
    };
    Ways<Page> page;
    Ways<Range> range[2];  // [dram]
    Ways<L1> l1;
};

enum FiberState { kReady, kBlocked, kPolled, kDone };  // kPolled: yielded after a failed poll
enum RegsState { kRegsIdle, kRegsAcquired, kRegsCommitted, kRegsWaited };
enum WaitKind { kWaitFront, kWaitBack };

struct Fiber {
    Context ctx;
    KernelConfig* k = nullptr;
    FiberState state = kReady;
    WaitKind wait_kind = kWaitFront;
    uint32_t wait_cb = 0, wait_n = 0;
    uint32_t pending_reads = 0, pending_writes = 0;
    RegsState regs = kRegsIdle;
    // DST tiles one tile_regs_acquire section may use: tt-metal compute kernels run DST in
    // half-sync mode (math and pack each own half), 8 tiles of 16-bit data, 4 with fp32_dest_acc_en.
    bool fp32_dest = false;
    uint32_t dst_tiles = 8;
    uint32_t dst_valid = 0;  // bit i: DST tile i written since tile_regs_acquire
    bool mm_transpose = false;  // mm_init / mm_init_short: matmul_tiles reads B's tiles transposed
    LookupCache cache;
    std::string error;
};

struct CoreRun {
    Device* dev;
    CoreConfig* cfg;
    uint32_t core_idx;
    uint8_t* l1;
    uint32_t l1_used;  // bytes of CBs + L1 buffers on this core
    CBState cb[kNumCBs];
    Fiber fibers[3];
    Fiber* order[3];
    int nf = 0;
    Counters* ctr;
    uint64_t cb_version = 0;   // bumped by every push/pop: tells polling apart from progress
    uint8_t* dst;  // the DST section a compute kernel sees: 8 bf16 or 4 fp32 tiles (16 KiB)
    Context sched;
};

// Per worker thread: the core being run and the fiber on the CPU.
// initial-exec: plain %fs-relative access instead of a __tls_get_addr call per API call.
extern thread_local CoreRun* t_core __attribute__((tls_model("initial-exec")));
extern thread_local Fiber* t_fiber __attribute__((tls_model("initial-exec")));

[[noreturn]] void fault(const std::string& msg);
std::string core_name(const CoreRun& c);
std::string run_program(Program& prog, unsigned workers);
// fn(begin, end) over [0, n) in chunks of `chunk`, on up to `workers` threads of the program
// workers' pool (the caller's included); returns when every chunk is done.
void parallel_chunks(unsigned workers, uint64_t n, uint64_t chunk, const std::function<void(uint64_t, uint64_t)>& fn);
std::string counters_json(const RunResult& r);

// Memory access helpers (bounds-checked against the core's L1 allocation).
uint8_t* l1_span(uint32_t addr, uint32_t size, const char* what);
CBState& cb_state(uint32_t cb, const char* what);
bool wait_satisfied(const CoreRun& c, const Fiber& f);
void block_on(WaitKind kind, uint32_t cb, uint32_t n);
bool poll(WaitKind kind, uint32_t cb, uint32_t n);

// DST of the running compute kernel (compute.cpp; used by sfpu.cpp): `op` is named in faults.
void need_math(const char* op);  // inside tile_regs_acquire ... commit
// The bytes of DST tile i: an unwritten tile reads as zeros, unless `overwritten` (entirely, next).
uint8_t* dst_bytes(uint32_t i, const char* op, bool overwritten = false);

// A DST tile as the two modes store it: fp32 with fp32_dest_acc_en, else bf16 bits (what the
// hardware's Float16_b dest holds); set() rounds to what the mode holds.
struct Dst32 {
    float* p;
    static Dst32 at(uint8_t* bytes) { return {reinterpret_cast<float*>(bytes)}; }
    float get(uint32_t i) const { return p[i]; }
    void set(uint32_t i, float v) const { p[i] = v; }
};
struct Dst16 {
    uint16_t* p;
    static Dst16 at(uint8_t* bytes) { return {reinterpret_cast<uint16_t*>(bytes)}; }
    float get(uint32_t i) const { return bf16_to_f32(p[i]); }
    void set(uint32_t i, float v) const { p[i] = f32_to_bf16(v); }
};

// out[i] = f(i) over the whole tile, stored as the DST mode holds it. In 16-bit mode the values
// are computed in blocks of 32 and rounded together (f32_to_bf16_block: vectorised); f may read
// the tile it writes (a block is computed before it is stored).
template <class F>
inline void store_tile(Dst32 out, F&& f) {
    for (uint32_t i = 0; i < kTileElems; ++i) out.p[i] = f(i);
}
template <class F>
inline void store_tile(Dst16 out, F&& f) {
    for (uint32_t i = 0; i < kTileElems; i += 32) {
        alignas(64) float v[32];
        for (uint32_t j = 0; j < 32; ++j) v[j] = f(i + j);
        f32_to_bf16_block(v, out.p + i, 32);
    }
}

// Runs body(Dst32{}) or body(Dst16{}) for the running kernel's DST mode: each op's loops are
// compiled once per mode, branch-free inside.
template <class Body>
void in_dst_mode(Body&& body) {
    if (t_fiber->fp32_dest) body(Dst32{});
    else body(Dst16{});
}

// The DST set-up of an SFPU op (shared by compute.cpp's mul / add / sub and sfpu.cpp): checks the
// section, finds operand tiles `in` (an unwritten one reads as zeros) and result tile `out`
// (which may be one of them: the ops are elementwise), then runs body(out, in) with the DST
// mode's accessors (std::array<D, N> in).
template <size_t N, class Body>
void on_dst_tiles(const char* op, const uint32_t (&in)[N], uint32_t out, Body&& body) {
    need_math(op);
    uint8_t* bytes[N];
    for (size_t k = 0; k < N; ++k) bytes[k] = dst_bytes(in[k], op);
    uint8_t* o = dst_bytes(out, op, true);
    in_dst_mode([&](auto mode) {
        using D = decltype(mode);
        std::array<D, N> tiles;
        for (size_t k = 0; k < N; ++k) tiles[k] = D::at(bytes[k]);
        body(D::at(o), tiles);
    });
}

}  // namespace ttbw
