// Kernel ABI for compute: unpacker, FPU/SFPU math into the DST register file, packer.
//
// Numerics: DST holds fp32 values; in 16-bit mode every value written to DST is rounded to
// bf16 (Float16_b dest), in fp32-accumulate mode it stays fp32. FPU source registers hold
// bf16 exactly and f32 as TF32. bf16 x bf16 products are exact in fp32, so the only rounding
// of an FPU multiply is the DST write / the pack, both round-to-nearest-even.
#include <algorithm>

#include "emu.h"

using namespace ttbw;

namespace ttbw {

void need_math(const char* op) {
    if (t_fiber->regs != kRegsAcquired)
        fault(std::string(op) + " writes DST outside a tile_regs_acquire ... tile_regs_commit section");
}

// DST tile `i` for reading (or accumulating): a tile not written since tile_regs_acquire
// reads as zeros (the packer clears a released section). Zeroing lazily keeps acquire cheap.
float* dst_tile(uint32_t i, const char* op) {
    Fiber& f = *t_fiber;
    if (i >= f.dst_tiles)
        fault(std::string(op) + ": DST index " + std::to_string(i) + " out of range: DST holds " +
              std::to_string(f.dst_tiles) + " tiles in " + (f.fp32_dest ? "fp32" : "16-bit") + " mode");
    if (!(f.dst_valid & (1u << i))) {
        std::fill(t_core->dst[i], t_core->dst[i] + kTileElems, 0.0f);
        f.dst_valid |= 1u << i;
    }
    return t_core->dst[i];
}

// DST tile `i` about to be overwritten entirely: no need to clear it first.
float* dst_out(uint32_t i, const char* op) {
    Fiber& f = *t_fiber;
    if (i < f.dst_tiles) f.dst_valid |= 1u << i;
    return dst_tile(i, op);
}

}  // namespace ttbw

namespace {

// Enumerator values of the kernel headers (ttbw_emu/compute.h).
enum BinOp { kMul = 0, kDiv = 1, kAdd = 2, kSub = 3 };
enum Bcast { kBcastNone = 0, kBcastCol = 1, kBcastRow = 2, kBcastScalar = 3 };
enum Reuse { kReuseNone = 0, kDestToSrcA = 1, kDestToSrcB = 2 };
enum Pool { kPoolSum = 0 };
enum Dim { kDimRow = 0, kDimCol = 1, kDimScalar = 2 };

Fiber& compute_fiber() { return *t_fiber; }

inline float to_dst(const Fiber& f, float v) { return f.fp32_dest ? v : round_bf16(v); }

// out[i] = dst-format(a[i] op b[i]); the switch is hoisted so each loop vectorises.
template <bool kFp32>
void eltwise(int op, const float* a, const float* b, float* out) {
    auto store = [](float v) { return kFp32 ? v : round_bf16(v); };
    switch (op) {
        case kMul: for (uint32_t i = 0; i < kTileElems; ++i) out[i] = store(a[i] * b[i]); break;
        case kAdd: for (uint32_t i = 0; i < kTileElems; ++i) out[i] = store(a[i] + b[i]); break;
        case kSub: for (uint32_t i = 0; i < kTileElems; ++i) out[i] = store(a[i] - b[i]); break;
        default: fault("unsupported eltwise binary operation " + std::to_string(op));
    }
}

void eltwise_dst(const Fiber& f, int op, const float* a, const float* b, float* out) {
    if (f.fp32_dest) eltwise<true>(op, a, b, out);
    else eltwise<false>(op, a, b, out);
}

// Byte address of page `k` counted from a CB page pointer, wrapping around the FIFO.
uint8_t* cb_page(const CBState& c, uint32_t from_page, uint32_t k) {
    return t_core->l1 + c.base + ((from_page + k) % c.num_pages) * c.page_size;
}

// Bytes of tile `idx` at the front of a CB, after checking that the kernel waited for it.
const uint8_t* front_tile(uint32_t cb, uint32_t idx, const CBState** out, const char* op) {
    const CBState& c = cb_state(cb, op);
    if (idx >= c.front_ack)
        fault(std::string(op) + ": tile index " + std::to_string(idx) + " is beyond the " + std::to_string(c.front_ack) +
              " page(s) waited for at the front of CB " + std::to_string(cb));
    if (c.page_size != tile_bytes(c.fmt))
        fault(std::string(op) + ": CB " + std::to_string(cb) + " does not hold tiles (page size " +
              std::to_string(c.page_size) + ")");
    *out = &c;
    return cb_page(c, c.rd_page, idx);
}

// Unpack tile `idx` at the front of a CB; `fpu` models the 19-bit source registers.
void read_tile(uint32_t cb, uint32_t idx, float* out, bool fpu, const char* op) {
    const CBState* c;
    const uint8_t* p = front_tile(cb, idx, &c, op);
    unpack_tile(c->fmt, p, out);
    if (fpu && c->fmt == kFloat32)
        for (uint32_t i = 0; i < kTileElems; ++i) out[i] = to_tf32(out[i]);
}

// bf16 x bf16 straight from L1 into DST (the common case, fused to stay in cache).
template <bool kFp32>
void eltwise_bf16(int op, const uint16_t* a, const uint16_t* b, float* out) {
    auto store = [](float v) { return kFp32 ? v : round_bf16(v); };
    switch (op) {
        case kMul: for (uint32_t i = 0; i < kTileElems; ++i) out[i] = store(bf16_to_f32(a[i]) * bf16_to_f32(b[i])); break;
        case kAdd: for (uint32_t i = 0; i < kTileElems; ++i) out[i] = store(bf16_to_f32(a[i]) + bf16_to_f32(b[i])); break;
        case kSub: for (uint32_t i = 0; i < kTileElems; ++i) out[i] = store(bf16_to_f32(a[i]) - bf16_to_f32(b[i])); break;
        default: fault("unsupported eltwise binary operation " + std::to_string(op));
    }
}

float binop(int op, float a, float b) {
    switch (op) {
        case kMul: return a * b;
        case kAdd: return a + b;
        case kSub: return a - b;
        default: fault("unsupported eltwise binary operation " + std::to_string(op));
    }
}

}  // namespace

extern "C" {

void ttbw_regs(int op) {
    Fiber& f = compute_fiber();
    static const char* names[] = {"tile_regs_acquire", "tile_regs_commit", "tile_regs_wait", "tile_regs_release"};
    static const RegsState need[] = {kRegsIdle, kRegsAcquired, kRegsCommitted, kRegsWaited};
    static const char* want[] = {"after tile_regs_release (DST is still held)", "after tile_regs_acquire",
                                 "after tile_regs_commit", "after tile_regs_wait"};
    if (op < 0 || op > 3) fault("bad DST register operation");
    if (f.regs != need[op]) fault(std::string(names[op]) + " is only allowed " + want[op]);
    if (op == 0) f.dst_valid = 0;  // the packer leaves a released DST section cleared
    f.regs = op == 3 ? kRegsIdle : static_cast<RegsState>(op + 1);
}

void ttbw_binary_tiles(int op, uint32_t cb0, uint32_t cb1, uint32_t t0, uint32_t t1, uint32_t dst) {
    const char* name = op == kMul ? "mul_tiles" : op == kAdd ? "add_tiles" : "sub_tiles";
    need_math(name);
    float* d = dst_out(dst, name);
    const CBState *ca, *cb;
    const uint8_t* pa = front_tile(cb0, t0, &ca, name);
    const uint8_t* pb = front_tile(cb1, t1, &cb, name);
    const Fiber& f = compute_fiber();
    if (ca->fmt == kFloat16_b && cb->fmt == kFloat16_b) {
        auto* a16 = reinterpret_cast<const uint16_t*>(pa);
        auto* b16 = reinterpret_cast<const uint16_t*>(pb);
        if (f.fp32_dest) eltwise_bf16<true>(op, a16, b16, d);
        else eltwise_bf16<false>(op, a16, b16, d);
    } else {
        float a[kTileElems], b[kTileElems];
        read_tile(cb0, t0, a, true, name);
        read_tile(cb1, t1, b, true, name);
        eltwise_dst(f, op, a, b, d);
    }
    t_core->ctr->ops[op == kMul ? kMulTiles : op == kAdd ? kAddTiles : kSubTiles]++;
}

void ttbw_binary_sfpu(int op, uint32_t d0, uint32_t d1, uint32_t odst) {
    const char* name = op == kMul ? "mul_binary_tile" : op == kAdd ? "add_binary_tile" : "sub_binary_tile";
    need_math(name);
    const float* a = dst_tile(d0, name);
    const float* b = dst_tile(d1, name);
    float* o = dst_out(odst, name);
    eltwise_dst(compute_fiber(), op, a, b, o);  // in place is fine: element-wise
    t_core->ctr->ops[op == kMul ? kMulBinaryTile : op == kAdd ? kAddBinaryTile : kSubBinaryTile]++;
}

void ttbw_copy_tile(uint32_t cb, uint32_t tile, uint32_t dst) {
    need_math("copy_tile");
    float* d = dst_out(dst, "copy_tile");
    float v[kTileElems];
    read_tile(cb, tile, v, false, "copy_tile");  // unpacks straight to DST: no TF32 step
    const Fiber& f = compute_fiber();
    for (uint32_t i = 0; i < kTileElems; ++i) d[i] = to_dst(f, v[i]);
    t_core->ctr->ops[kCopyTile]++;
}

void ttbw_fill_tile(uint32_t dst, float value) {
    need_math("fill_tile");
    float* d = dst_out(dst, "fill_tile");
    std::fill(d, d + kTileElems, to_dst(compute_fiber(), value));
    t_core->ctr->ops[kFillTile]++;
}

// Sum-reduce one tile into DST, accumulating onto what DST already holds (as the FPU does),
// in fp32. The scaler is element (0,0) of the scaler tile (tt-metal fills the first row of
// each face of that tile with it). Results land in column 0 (row reduce), row 0 (column
// reduce) or element (0,0) (scalar reduce).
void ttbw_reduce_tile(int pool, int dim, uint32_t cb, uint32_t scb, uint32_t tile, uint32_t stile, uint32_t dst) {
    need_math("reduce_tile");
    if (pool != kPoolSum) fault("reduce_tile: only PoolType::SUM is supported by the emulator");
    if (dim < kDimRow || dim > kDimScalar) fault("reduce_tile: bad reduce dimension");
    float* d = dst_tile(dst, "reduce_tile");
    float x[kTileElems], s[kTileElems];
    read_tile(cb, tile, x, true, "reduce_tile");
    read_tile(scb, stile, s, true, "reduce_tile");
    const float k = s[0];
    const Fiber& f = compute_fiber();
    if (dim == kDimRow) {
        for (uint32_t r = 0; r < 32; ++r) {
            float acc = 0.0f;
            for (uint32_t c = 0; c < 32; ++c) acc += x[tile_index(r, c)] * k;
            float& o = d[tile_index(r, 0)];
            o = to_dst(f, o + acc);
        }
    } else if (dim == kDimCol) {
        for (uint32_t c = 0; c < 32; ++c) {
            float acc = 0.0f;
            for (uint32_t r = 0; r < 32; ++r) acc += x[tile_index(r, c)] * k;
            float& o = d[tile_index(0, c)];
            o = to_dst(f, o + acc);
        }
    } else {
        float acc = 0.0f;
        for (uint32_t r = 0; r < 32; ++r)
            for (uint32_t c = 0; c < 32; ++c) acc += x[tile_index(r, c)] * k;
        d[0] = to_dst(f, d[0] + acc);
    }
    t_core->ctr->ops[kReduceTile]++;
}

void ttbw_unary_bcast(int type, uint32_t cb, uint32_t tile, uint32_t dst) {
    need_math("unary_bcast");
    float* d = dst_out(dst, "unary_bcast");
    float v[kTileElems];
    read_tile(cb, tile, v, true, "unary_bcast");
    const Fiber& f = compute_fiber();
    for (uint32_t r = 0; r < 32; ++r)
        for (uint32_t c = 0; c < 32; ++c) {
            uint32_t src = type == kBcastRow ? tile_index(0, c)
                         : type == kBcastCol ? tile_index(r, 0)
                         : type == kBcastScalar ? 0u : tile_index(r, c);
            d[tile_index(r, c)] = to_dst(f, v[src]);
        }
    t_core->ctr->ops[kUnaryBcast]++;
}

// DST moves into one source register, the CB tile into the other, result back into DST.
void ttbw_dest_reuse(int op, int reuse, uint32_t cb, uint32_t tile, uint32_t dst) {
    need_math("binary_dest_reuse_tiles");
    if (reuse != kDestToSrcA && reuse != kDestToSrcB)
        fault("binary_dest_reuse_tiles: reuse type must be DEST_TO_SRCA or DEST_TO_SRCB");
    float* d = dst_tile(dst, "binary_dest_reuse_tiles");
    float v[kTileElems];
    read_tile(cb, tile, v, true, "binary_dest_reuse_tiles");
    const Fiber& f = compute_fiber();
    for (uint32_t i = 0; i < kTileElems; ++i) {
        float dv = f.fp32_dest ? to_tf32(d[i]) : d[i];
        d[i] = to_dst(f, reuse == kDestToSrcA ? binop(op, dv, v[i]) : binop(op, v[i], dv));
    }
    t_core->ctr->ops[kDestReuse]++;
}

void ttbw_pack_tile(uint32_t dst, uint32_t cb, uint32_t out_index, int out_of_order) {
    Fiber& f = compute_fiber();
    if (f.regs != kRegsWaited)
        fault("pack_tile before tile_regs_commit and tile_regs_wait: the packer may only read DST after both");
    const float* d = dst_tile(dst, "pack_tile");
    CBState& c = cb_state(cb, "pack_tile");
    if (c.page_size != tile_bytes(c.fmt))
        fault("pack_tile: CB " + std::to_string(cb) + " does not hold tiles (page size " + std::to_string(c.page_size) + ")");
    // pack_tile<false> ignores the index: the packer writes sequentially after the last push.
    uint32_t pos = out_of_order ? out_index : c.pack_seq++;
    if (pos >= c.reserved)
        fault("pack_tile: output position " + std::to_string(pos) + " is beyond the " + std::to_string(c.reserved) +
              " page(s) reserved at the back of CB " + std::to_string(cb));
    pack_tile_data(c.fmt, d, cb_page(c, c.wr_page, pos));
    t_core->ctr->ops[kPackTile]++;
}

// Row-major block <-> tiles. A row-major block of n tiles is 32 rows of n*32 elements spread
// over n pages of the CB; it goes through DST, so 16-bit mode rounds f32 data to bf16.
void ttbw_tilize_block(uint32_t in_cb, uint32_t n, uint32_t out_cb, int untilize) {
    const char* name = untilize ? "untilize_block" : "tilize_block";
    Fiber& f = compute_fiber();
    if (f.regs != kRegsIdle) fault(std::string(name) + " manages DST itself and may not run inside a tile_regs section");
    CBState& in = cb_state(in_cb, name);
    CBState& out = cb_state(out_cb, name);
    if (n > in.front_ack)
        fault(std::string(name) + ": needs " + std::to_string(n) + " page(s) at the front of CB " + std::to_string(in_cb) +
              " but only " + std::to_string(in.front_ack) + " were waited for");
    if (out.pack_seq + n > out.reserved)
        fault(std::string(name) + ": needs " + std::to_string(n) + " page(s) reserved at the back of CB " +
              std::to_string(out_cb) + " but only " + std::to_string(out.reserved - out.pack_seq) + " are");
    const CBState& rm = untilize ? out : in;  // the row-major side
    uint32_t es = element_bytes(rm.fmt);
    if (es == 0 || rm.page_size != kTileElems * es)
        fault(std::string(name) + ": row-major CB must be bf16 or f32 with one tile of elements per page");
    auto rm_elem = [&](uint32_t r, uint32_t col) {
        uint32_t off = (r * n * 32 + col) * es;
        uint32_t from = untilize ? out.wr_page + out.pack_seq : in.rd_page;
        return cb_page(rm, from, off / rm.page_size) + off % rm.page_size;
    };
    float v[kTileElems];
    for (uint32_t t = 0; t < n; ++t) {
        if (!untilize) {
            for (uint32_t r = 0; r < 32; ++r)
                for (uint32_t c = 0; c < 32; ++c) v[tile_index(r, c)] = to_dst(f, load_element(in.fmt, rm_elem(r, t * 32 + c)));
            if (out.page_size != tile_bytes(out.fmt)) fault("tilize_block: output CB does not hold tiles");
            pack_tile_data(out.fmt, v, cb_page(out, out.wr_page, out.pack_seq + t));
        } else {
            if (in.page_size != tile_bytes(in.fmt)) fault("untilize_block: input CB does not hold tiles");
            unpack_tile(in.fmt, cb_page(in, in.rd_page, t), v);
            for (uint32_t r = 0; r < 32; ++r)
                for (uint32_t c = 0; c < 32; ++c) {
                    float x = to_dst(f, v[tile_index(r, c)]);
                    uint8_t* p = rm_elem(r, t * 32 + c);
                    if (out.fmt == kFloat32) std::memcpy(p, &x, 4);
                    else { uint16_t b = f32_to_bf16(x); std::memcpy(p, &b, 2); }
                }
        }
    }
    out.pack_seq += n;
    t_core->ctr->ops[untilize ? kUntilize : kTilize] += n;
}

}  // extern "C"
