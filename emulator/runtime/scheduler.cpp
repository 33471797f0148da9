// Runs a program: every core's kernels execute as cooperative fibers that synchronise only
// through circular buffers. Cores are independent, so worker threads take whole cores; within
// a core the fibers are switched only when one blocks, which makes a run deterministic and
// turns "every fiber of a core is blocked" into an exact deadlock check (never a hang).
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "emu.h"

namespace ttbw {

const char* const kOpNames[kNumOps] = {
    "mul_tiles", "add_tiles", "sub_tiles", "mul_binary_tile", "add_binary_tile", "sub_binary_tile",
    "copy_tile", "fill_tile", "reduce_tile", "unary_bcast", "binary_dest_reuse_tiles", "pack_tile",
    "tilize", "untilize", "noc_async_read_tile", "noc_async_write_tile", "noc_async_read",
    "noc_async_write", "matmul_tiles", "transpose_wh_tile",
#define TTBW_X(name) #name "_tile",
    TTBW_SFPU_UNARY_OPS(TTBW_X) TTBW_SFPU_BINARY_OPS(TTBW_X) TTBW_SFPU_TERNARY_OPS(TTBW_X)
#undef TTBW_X
};

thread_local CoreRun* t_core __attribute__((tls_model("initial-exec"))) = nullptr;
thread_local Fiber* t_fiber __attribute__((tls_model("initial-exec"))) = nullptr;

void Counters::add(const Counters& o) {
    for (int i = 0; i < kNumOps; ++i) ops[i] += o.ops[i];
    for (size_t i = 0; i < buf_read.size(); ++i) {
        buf_read[i] += o.buf_read[i];
        buf_write[i] += o.buf_write[i];
    }
}

static const char* proc_name(int p) { return p == kReader ? "reader" : p == kCompute ? "compute" : "writer"; }

std::string core_name(const CoreRun& c) {
    return "core (" + std::to_string(c.cfg->x) + "," + std::to_string(c.cfg->y) + ")";
}

[[noreturn]] void fault(const std::string& msg) { throw KernelFault(msg); }

bool wait_satisfied(const CoreRun& c, const Fiber& f) {
    const CBState& cb = c.cb[f.wait_cb];
    if (f.wait_kind == kWaitFront) return cb.filled >= f.wait_n;
    return cb.num_pages - cb.filled >= f.wait_n;
}

void block_on(WaitKind kind, uint32_t cb, uint32_t n) {
    Fiber* f = t_fiber;
    f->wait_kind = kind;
    f->wait_cb = cb;
    f->wait_n = n;
    while (!wait_satisfied(*t_core, *f)) {
        f->state = kBlocked;
        context_switch(f->ctx, t_core->sched);
    }
    f->state = kReady;
}

// A non-blocking CB query that fails yields the core to its other kernels, so a kernel that
// polls in a loop cannot starve them (and a poll that can never succeed is a deadlock).
bool poll(WaitKind kind, uint32_t cb, uint32_t n) {
    Fiber* f = t_fiber;
    f->wait_kind = kind;
    f->wait_cb = cb;
    f->wait_n = n;
    if (wait_satisfied(*t_core, *f)) return true;
    f->state = kPolled;
    context_switch(f->ctx, t_core->sched);
    f->state = kReady;
    return false;
}

[[noreturn]] static void fiber_entry() {
    Fiber* f = t_fiber;
    try {
        f->k->fn();
        if (f->pending_reads || f->pending_writes)
            fault("kernel returned with NOC transfers outstanding (missing noc_async_read_barrier/"
                  "noc_async_write_barrier)");
        if (f->regs != kRegsIdle) fault("kernel returned while holding the DST registers (missing tile_regs_release)");
    } catch (const KernelFault& e) {
        f->error = e.what();
    } catch (const std::exception& e) {
        f->error = std::string("unexpected exception: ") + e.what();
    }
    f->state = kDone;
    context_switch(f->ctx, t_core->sched);  // never resumed
    __builtin_unreachable();
}

// Fiber stacks of one worker, reused for every core it runs (guard page below each).
struct Stacks {
    static constexpr size_t kSize = 256 * 1024, kGuard = 4096;
    void* base[3] = {};
    Stacks() {
        for (auto& b : base) {
            b = mmap(nullptr, kSize + kGuard, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (b == MAP_FAILED) throw std::runtime_error("cannot allocate fiber stacks");
            mprotect(b, kGuard, PROT_NONE);
        }
    }
    ~Stacks() { for (auto* b : base) munmap(b, kSize + kGuard); }
};

static std::string describe_wait(const CoreRun& c, const Fiber& f) {
    const CBState& cb = c.cb[f.wait_cb];
    bool polled = f.state == kPolled;
    bool front = f.wait_kind == kWaitFront;
    const char* call = front ? (polled ? "cb_pages_available_at_front" : "cb_wait_front")
                             : (polled ? "cb_pages_reservable_at_back" : "cb_reserve_back");
    std::ostringstream s;
    s << call << " on CB " << f.wait_cb << " for " << f.wait_n << " page(s): ";
    if (front) s << cb.filled << " of " << cb.num_pages << " filled";
    else s << (cb.num_pages - cb.filled) << " of " << cb.num_pages << " free";
    return s.str();
}

// Allocate the core's circular buffers at the bottom of its L1 and check the L1 budget.
static std::string setup_cbs(CoreRun& c) {
    Device& d = *c.dev;
    uint32_t addr = 0;
    for (const CBConfig& cfg : c.cfg->cbs) {
        CBState& cb = c.cb[cfg.index];
        cb = CBState{};
        cb.used = true;
        cb.fmt = cfg.fmt;
        cb.page_size = cfg.page_size;
        cb.num_pages = cfg.num_pages;
        cb.base = addr;
        uint64_t end = static_cast<uint64_t>(addr) + uint64_t(cfg.page_size) * cfg.num_pages;
        addr = static_cast<uint32_t>(std::min<uint64_t>((end + kL1Align - 1) / kL1Align * kL1Align, 0xffffffffu));
    }
    uint32_t buffers = d.l1_size - d.l1_bottom;
    c.l1_used = addr + buffers;
    if (addr > d.l1_bottom) {
        std::ostringstream s;
        s << "L1 overflow on " << core_name(c) << ": circular buffers need " << addr << " bytes and L1 buffers hold "
          << buffers << " bytes, but L1 has " << d.l1_size << " bytes (" << d.l1_size / 1024 << " KiB)";
        return s.str();
    }
    return "";
}

static std::string run_core(CoreRun& c, Stacks& stacks) {
    for (auto& cb : c.cb) cb = CBState{};
    std::string err = setup_cbs(c);
    if (!err.empty()) return err;
    c.nf = 0;
    for (int p = 0; p < 3; ++p) {
        KernelConfig* k = c.cfg->kernels[p];
        if (!k) continue;
        Fiber& f = c.fibers[c.nf];
        f = Fiber{};
        f.k = k;
        f.fp32_dest = k->fp32_dest;
        f.dst_tiles = k->fp32_dest ? 4 : 8;
        context_init(f.ctx, static_cast<char*>(stacks.base[c.nf]) + Stacks::kGuard, Stacks::kSize, fiber_entry);
        c.order[c.nf++] = &f;
    }
    t_core = &c;
    for (;;) {
        bool all_done = true, progress = false;
        uint64_t version = c.cb_version;
        for (int i = 0; i < c.nf; ++i) {
            Fiber& f = *c.order[i];
            if (f.state == kDone) continue;
            all_done = false;
            if (f.state == kBlocked && !wait_satisfied(c, f)) continue;
            FiberState before = f.state;
            t_fiber = &f;
            context_switch(c.sched, f.ctx);
            t_fiber = nullptr;
            // Resuming a fiber that only polled again is not progress by itself.
            if (before != kPolled || f.state == kDone) progress = true;
            if (!f.error.empty()) {
                t_core = nullptr;
                return core_name(c) + " kernel '" + f.k->name + "' (" + proc_name(f.k->proc) + "): " + f.error;
            }
        }
        if (all_done) break;
        if (!progress && c.cb_version == version) {
            std::ostringstream s;
            s << "deadlock on " << core_name(c) << ": no kernel can make progress";
            for (int i = 0; i < c.nf; ++i) {
                const Fiber& f = *c.order[i];
                s << "\n  kernel '" << f.k->name << "' (" << proc_name(f.k->proc) << ") ";
                if (f.state == kDone) s << "has finished";
                else if (f.state == kPolled) s << "keeps polling " << describe_wait(c, f);
                else s << "is blocked in " << describe_wait(c, f);
            }
            t_core = nullptr;
            return s.str();
        }
    }
    t_core = nullptr;
    return "";
}

static void json_string(std::ostringstream& s, const std::string& v) {
    s << '"';
    for (char ch : v) {
        if (ch == '"' || ch == '\\') s << '\\' << ch;
        else if (static_cast<unsigned char>(ch) < 0x20) s << ' ';
        else s << ch;
    }
    s << '"';
}

// Persistent worker threads (created on first use, never joined): thread start-up would
// otherwise dominate short runs. Worker 0 is the calling thread. One run at a time.
// A run is done when its work is: the caller never waits for a helper that has not started
// (on a busy machine it may not get a CPU for a whole time slice); a helper that wakes after
// the run closed skips it. Which worker ran what never shows in the results.
class WorkerPool {
   public:
    void run(unsigned workers, const std::function<void(unsigned)>& fn) {
        std::lock_guard<std::mutex> one_run(run_mutex_);
        {
            std::lock_guard<std::mutex> lock(m_);
            while (threads_ + 1 < workers) {
                std::thread(&WorkerPool::loop, this, threads_++).detach();
            }
            job_ = &fn;
            active_ = workers - 1;
            open_ = true;
            ++generation_;
        }
        cv_.notify_all();
        std::exception_ptr err;
        try { fn(0); } catch (...) { err = std::current_exception(); }
        std::unique_lock<std::mutex> lock(m_);
        open_ = false;  // helpers not started yet skip this run
        done_.wait(lock, [&] { return running_ == 0; });
        job_ = nullptr;
        if (err) std::rethrow_exception(err);
        if (error_) { auto e = error_; error_ = nullptr; std::rethrow_exception(e); }
    }

   private:
    void loop(unsigned index) {
        unsigned seen = 0;
        std::unique_lock<std::mutex> lock(m_);
        for (;;) {
            cv_.wait(lock, [&] { return generation_ != seen; });
            seen = generation_;
            if (index >= active_ || !open_) continue;
            const auto* job = job_;
            ++running_;
            lock.unlock();
            try { (*job)(index + 1); } catch (...) { std::lock_guard<std::mutex> g(m_); error_ = std::current_exception(); }
            lock.lock();
            if (--running_ == 0) done_.notify_all();
        }
    }

    std::mutex run_mutex_, m_;
    std::condition_variable cv_, done_;
    const std::function<void(unsigned)>* job_ = nullptr;
    unsigned threads_ = 0, active_ = 0, running_ = 0, generation_ = 0;
    bool open_ = false;
    std::exception_ptr error_;
};

static WorkerPool& pool() {
    static WorkerPool* p = new WorkerPool();  // leaked on purpose: its threads outlive main
    return *p;
}

void parallel_chunks(unsigned workers, uint64_t n, uint64_t chunk, const std::function<void(uint64_t, uint64_t)>& fn) {
    uint64_t chunks = (n + chunk - 1) / chunk;
    workers = static_cast<unsigned>(std::max<uint64_t>(1, std::min<uint64_t>(workers, chunks)));
    if (workers == 1) {
        if (n) fn(0, n);
        return;
    }
    std::atomic<uint64_t> next{0};  // taken by whichever worker is free (a late helper finds none left)
    pool().run(workers, [&](unsigned) {
        for (uint64_t c = next++; c < chunks; c = next++) fn(c * chunk, std::min(n, (c + 1) * chunk));
    });
}

std::string run_program(Program& prog, unsigned workers) {
    Device& d = *prog.dev;
    prog.last.valid = false;
    std::vector<CoreConfig*> cores;
    for (auto& kv : prog.cores) cores.push_back(&kv.second);
    if (cores.empty()) return "program has no kernels on any core";
    size_t n = cores.size(), nbuf = d.buffers.size();
    workers = std::max(1u, std::min<unsigned>(workers, static_cast<unsigned>(n)));

    std::vector<std::string> errors(n);
    std::vector<Counters> counters(n, Counters(nbuf));
    std::vector<std::vector<uint32_t>> hwm(n, std::vector<uint32_t>(kNumCBs, 0));
    std::vector<uint32_t> l1_used(n, 0);

    std::atomic<size_t> next{0};  // cores are taken in order by whichever worker is free
    auto work = [&](unsigned) {
        // Stacks are kept per OS thread: the next run on this thread reuses them.
        static thread_local std::unique_ptr<Stacks> cached;
        if (!cached) cached = std::make_unique<Stacks>();
        Stacks& stacks = *cached;
        std::vector<float> dst(8 * kTileElems);  // 8 tiles of bf16 or 4 of fp32, with room to spare
        CoreRun run{};
        for (size_t i = next++; i < n; i = next++) {
            run.dev = &d;
            run.cfg = cores[i];
            run.core_idx = cores[i]->y * d.gx + cores[i]->x;
            run.l1 = d.l1[run.core_idx];
            run.ctr = &counters[i];
            run.dst = reinterpret_cast<uint8_t*>(dst.data());
            errors[i] = run_core(run, stacks);
            for (uint32_t cb = 0; cb < kNumCBs; ++cb) hwm[i][cb] = run.cb[cb].used ? run.cb[cb].hwm : 0;
            l1_used[i] = run.l1_used;
        }
    };
    try {
        pool().run(workers, work);
    } catch (const std::exception& e) {
        return std::string("emulator failure: ") + e.what();
    }
    d.programs_launched++;
    for (size_t i = 0; i < n; ++i)
        if (!errors[i].empty()) return errors[i];  // lowest core first: deterministic

    Counters total(nbuf);
    for (auto& c : counters) total.add(c);
    if (!prog.layout) {
        auto layout = std::make_shared<RunLayout>();
        for (const CoreConfig* c : cores) {
            RunLayout::Core core{c->x, c->y, {}};
            for (const CBConfig& cb : c->cbs) core.cbs.push_back(cb.index);
            layout->cores.push_back(std::move(core));
        }
        prog.layout = std::move(layout);
    }
    RunResult& r = prog.last;
    r.ops.assign(total.ops, total.ops + kNumOps);
    r.buffers.clear();
    for (size_t b = 0; b < nbuf; ++b)
        if (total.buf_read[b] || total.buf_write[b]) r.buffers.push_back({uint32_t(b), d.buffers[b].name, d.buffers[b].dram});
    r.buf_read = std::move(total.buf_read);
    r.buf_write = std::move(total.buf_write);
    r.hwm = std::move(hwm);
    r.l1_used = std::move(l1_used);
    r.layout = prog.layout;
    r.programs_launched = d.programs_launched;
    r.valid = true;
    return "";
}

std::string counters_json(const RunResult& r) {
    if (!r.valid) return "";
    std::ostringstream s;
    s << "{\"ops\":{";
    for (int i = 0; i < kNumOps; ++i) s << (i ? "," : "") << '"' << kOpNames[i] << "\":" << r.ops[i];
    s << "},\"buffers\":[";
    bool first = true;
    for (const RunResult::Buffer& b : r.buffers) {
        s << (first ? "" : ",") << "{\"id\":" << b.id << ",\"name\":";
        json_string(s, b.name);
        s << ",\"dram\":" << (b.dram ? "true" : "false") << ",\"read\":" << r.buf_read[b.id]
          << ",\"write\":" << r.buf_write[b.id] << "}";
        first = false;
    }
    s << "],\"cores\":[";
    for (size_t i = 0; i < r.layout->cores.size(); ++i) {
        const RunLayout::Core& c = r.layout->cores[i];
        s << (i ? "," : "") << "{\"x\":" << c.x << ",\"y\":" << c.y << ",\"l1_bytes\":" << r.l1_used[i]
          << ",\"cb_high_water\":{";
        for (size_t k = 0; k < c.cbs.size(); ++k) s << (k ? "," : "") << '"' << c.cbs[k] << "\":" << r.hwm[i][c.cbs[k]];
        s << "}}";
    }
    s << "],\"programs_launched\":" << r.programs_launched << "}";
    return s.str();
}

}  // namespace ttbw
