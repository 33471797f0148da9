// Kernel ABI for compute: unpacker, FPU/SFPU math into the DST register file, packer.
//
// Numerics: in fp32-accumulate mode DST holds fp32 values; in 16-bit mode it holds bf16 bits
// (Float16_b dest, half the bytes: a bf16 CB tile packs with a copy), so every value written to
// DST is rounded to bf16. FPU source registers hold
// bf16 exactly and f32 as TF32. bf16 x bf16 products are exact in fp32, so the only rounding
// of an FPU multiply is the DST write / the pack, both round-to-nearest-even.
#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>

#include "emu.h"

using namespace ttbw;

namespace ttbw {

void need_math(const char* op) {
    if (t_fiber->regs != kRegsAcquired)
        fault(std::string(op) + " writes DST outside a tile_regs_acquire ... tile_regs_commit section");
}

// A tile not written since tile_regs_acquire reads as zeros (the packer clears a released
// section). Zeroing lazily keeps acquire cheap; a tile about to be overwritten entirely
// (`overwritten`) is not cleared at all.
uint8_t* dst_bytes(uint32_t i, const char* op, bool overwritten) {
    Fiber& f = *t_fiber;
    if (i >= f.dst_tiles)
        fault(std::string(op) + ": DST index " + std::to_string(i) + " out of range: DST holds " +
              std::to_string(f.dst_tiles) + " tiles in " + (f.fp32_dest ? "fp32" : "16-bit") + " mode");
    uint32_t bytes = f.fp32_dest ? kTileElems * 4 : kTileElems * 2;
    uint8_t* p = t_core->dst + i * bytes;
    if (!(f.dst_valid & (1u << i))) {
        if (!overwritten) std::memset(p, 0, bytes);
        f.dst_valid |= 1u << i;
    }
    return p;
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

// body(f) with f the binary operation's function of two floats: the switch is hoisted out of
// the element loops, so each loop is compiled (and vectorised) per operation.
template <class Body>
void with_binop(int op, Body&& body) {
    switch (op) {
        case kMul: return body([](float a, float b) { return a * b; });
        case kAdd: return body([](float a, float b) { return a + b; });
        case kSub: return body([](float a, float b) { return a - b; });
        default: fault("unsupported eltwise binary operation " + std::to_string(op));
    }
}

// out[i] = a[i] op b[i] (rounded by the DST mode).
template <class D, class A, class B>
void eltwise(int op, const A& a, const B& b, D out) {
    with_binop(op, [&](auto f) { store_tile(out, [&](uint32_t i) { return f(a(i), b(i)); }); });
}

// Byte address of page `k` (<= the CB's pages) counted from a CB page pointer, wrapping around the FIFO.
uint8_t* cb_page(const CBState& c, uint32_t from_page, uint32_t k) {
    return t_core->l1 + c.base + c.wrap(from_page, k) * c.page_size;
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

// One 32-element row-major row <-> its two 16-element face rows in a tile, through DST
// (rounded to bf16 unless kFp32); branch-free so that the loops vectorise.
inline float as_f32(float x) { return x; }
inline float as_f32(uint16_t x) { return bf16_to_f32(x); }
inline void store_as(float x, float* p) { *p = x; }
inline void store_as(float x, uint16_t* p) { *p = f32_to_bf16(x); }

template <bool kFp32, class S>
void rows_to_tile(const S* __restrict row, float* __restrict face_row) {
    for (uint32_t c = 0; c < 16; ++c) {
        float lo = as_f32(row[c]), hi = as_f32(row[16 + c]);
        face_row[c] = kFp32 ? lo : round_bf16(lo);
        face_row[256 + c] = kFp32 ? hi : round_bf16(hi);
    }
}

template <bool kFp32, class D>
void tile_to_rows(const float* __restrict face_row, D* __restrict row) {
    for (uint32_t c = 0; c < 16; ++c) {
        store_as(kFp32 ? face_row[c] : round_bf16(face_row[c]), row + c);
        store_as(kFp32 ? face_row[256 + c] : round_bf16(face_row[256 + c]), row + 16 + c);
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
    uint8_t* d = dst_bytes(dst, name, true);
    const CBState *ca, *cb;
    const uint8_t* pa = front_tile(cb0, t0, &ca, name);
    const uint8_t* pb = front_tile(cb1, t1, &cb, name);
    in_dst_mode([&](auto mode) {
        auto out = decltype(mode)::at(d);
        if (ca->fmt == kFloat16_b && cb->fmt == kFloat16_b) {  // the common case: straight from L1
            auto* a16 = reinterpret_cast<const uint16_t*>(pa);
            auto* b16 = reinterpret_cast<const uint16_t*>(pb);
            eltwise(op, [a16](uint32_t i) { return bf16_to_f32(a16[i]); },
                    [b16](uint32_t i) { return bf16_to_f32(b16[i]); }, out);
        } else {
            alignas(64) float a[kTileElems], b[kTileElems];
            read_tile(cb0, t0, a, true, name);
            read_tile(cb1, t1, b, true, name);
            eltwise(op, [&a](uint32_t i) { return a[i]; }, [&b](uint32_t i) { return b[i]; }, out);
        }
    });
    t_core->ctr->ops[op == kMul ? kMulTiles : op == kAdd ? kAddTiles : kSubTiles]++;
}

void ttbw_binary_sfpu(int op, uint32_t d0, uint32_t d1, uint32_t odst) {
    const char* name = op == kMul ? "mul_binary_tile" : op == kAdd ? "add_binary_tile" : "sub_binary_tile";
    on_dst_tiles(name, {d0, d1}, odst, [&](auto out, const auto& in) {
        auto a = in[0], b = in[1];
        eltwise(op, [a](uint32_t i) { return a.get(i); }, [b](uint32_t i) { return b.get(i); }, out);
    });
    t_core->ctr->ops[op == kMul ? kMulBinaryTile : op == kAdd ? kAddBinaryTile : kSubBinaryTile]++;
}

void ttbw_copy_tile(uint32_t cb, uint32_t tile, uint32_t dst) {
    need_math("copy_tile");
    uint8_t* d = dst_bytes(dst, "copy_tile", true);
    const CBState* c;
    const uint8_t* p = front_tile(cb, tile, &c, "copy_tile");  // unpacks straight to DST: no TF32 step
    const bool fp32 = compute_fiber().fp32_dest;
    if (c->fmt == kFloat16_b && !fp32) {  // bf16 -> 16-bit DST: the same bits (a signalling NaN quieted)
        auto* s = reinterpret_cast<const uint16_t*>(p);
        auto* o = reinterpret_cast<uint16_t*>(d);
        for (uint32_t i = 0; i < kTileElems; ++i) o[i] = requiet_bf16(s[i]);
    } else if (c->fmt != kBfp8_b && fp32) {  // bf16 / f32 -> fp32 DST: unpacked in place
        unpack_tile(c->fmt, p, reinterpret_cast<float*>(d));
    } else {
        alignas(64) float v[kTileElems];
        unpack_tile(c->fmt, p, v);
        in_dst_mode([&](auto mode) { store_tile(decltype(mode)::at(d), [&](uint32_t i) { return v[i]; }); });
    }
    t_core->ctr->ops[kCopyTile]++;
}

void ttbw_fill_tile(uint32_t dst, float value) {
    need_math("fill_tile");
    uint8_t* d = dst_bytes(dst, "fill_tile", true);
    in_dst_mode([&](auto mode) { store_tile(decltype(mode)::at(d), [value](uint32_t) { return value; }); });
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
    uint8_t* d = dst_bytes(dst, "reduce_tile");
    alignas(64) float x[kTileElems], s[kTileElems];
    read_tile(cb, tile, x, true, "reduce_tile");
    read_tile(scb, stile, s, true, "reduce_tile");
    const float k = s[0];
    in_dst_mode([&](auto mode) {
        auto out = decltype(mode)::at(d);
        auto accumulate = [&](uint32_t at, float acc) { out.set(at, out.get(at) + acc); };
        if (dim == kDimRow) {
            for (uint32_t r = 0; r < 32; ++r) {
                float acc = 0.0f;
                for (uint32_t c = 0; c < 32; ++c) acc += x[tile_index(r, c)] * k;
                accumulate(tile_index(r, 0), acc);
            }
        } else if (dim == kDimCol) {
            // Each column's sum runs over r in order, as above; the 32 columns side by side (a row
            // of the tile is two contiguous face rows), so the loop over columns vectorises.
            alignas(64) float acc[32] = {};
            for (uint32_t r = 0; r < 32; ++r) {
                const float* row = x + tile_index(r, 0);
                for (uint32_t c = 0; c < 16; ++c) acc[c] += row[c] * k;
                for (uint32_t c = 0; c < 16; ++c) acc[16 + c] += row[256 + c] * k;
            }
            for (uint32_t c = 0; c < 32; ++c) accumulate(tile_index(0, c), acc[c]);
        } else {
            float acc = 0.0f;
            for (uint32_t r = 0; r < 32; ++r)
                for (uint32_t c = 0; c < 32; ++c) acc += x[tile_index(r, c)] * k;
            accumulate(0, acc);
        }
    });
    t_core->ctr->ops[kReduceTile]++;
}

void ttbw_unary_bcast(int type, uint32_t cb, uint32_t tile, uint32_t dst) {
    need_math("unary_bcast");
    uint8_t* d = dst_bytes(dst, "unary_bcast", true);
    alignas(64) float v[kTileElems];
    read_tile(cb, tile, v, true, "unary_bcast");
    // A face is 16 rows of 16 elements; row 0 of the tile is row 0 of faces 0 and 1, column 0 is
    // column 0 of faces 0 and 2. Each value is rounded once and its bits copied.
    in_dst_mode([&](auto mode) {
        using D = decltype(mode);
        D out = D::at(d);
        if (type == kBcastNone) return store_tile(out, [&](uint32_t i) { return v[i]; });
        if (type == kBcastScalar) return store_tile(out, [&](uint32_t) { return v[0]; });
        for (uint32_t f = 0; f < 4; ++f) {
            auto* face = out.p + f * 256;
            for (uint32_t r = 0; r < 16; ++r) {
                auto* row = face + r * 16;
                if (type == kBcastCol) {
                    out.set(f * 256 + r * 16, v[(f & 2u) * 256 + r * 16]);
                    std::fill(row + 1, row + 16, row[0]);
                } else if (r == 0) {
                    for (uint32_t c = 0; c < 16; ++c) out.set(f * 256 + c, v[(f & 1u) * 256 + c]);
                } else {
                    std::memcpy(row, face, 16 * sizeof(*row));
                }
            }
        }
    });
    t_core->ctr->ops[kUnaryBcast]++;
}

// DST moves into one source register, the CB tile into the other, result back into DST.
void ttbw_dest_reuse(int op, int reuse, uint32_t cb, uint32_t tile, uint32_t dst) {
    need_math("binary_dest_reuse_tiles");
    if (reuse != kDestToSrcA && reuse != kDestToSrcB)
        fault("binary_dest_reuse_tiles: reuse type must be DEST_TO_SRCA or DEST_TO_SRCB");
    uint8_t* d = dst_bytes(dst, "binary_dest_reuse_tiles");
    alignas(64) float v[kTileElems];
    read_tile(cb, tile, v, true, "binary_dest_reuse_tiles");
    in_dst_mode([&](auto mode) {
        using D = decltype(mode);
        D io = D::at(d);
        auto dv = [io](uint32_t i) {  // a source register holds TF32
            return std::is_same<D, Dst32>::value ? to_tf32(io.get(i)) : io.get(i);
        };
        with_binop(op, [&](auto f) {
            if (reuse == kDestToSrcA) store_tile(io, [&](uint32_t i) { return f(dv(i), v[i]); });
            else store_tile(io, [&](uint32_t i) { return f(v[i], dv(i)); });
        });
    });
    t_core->ctr->ops[kDestReuse]++;
}

void ttbw_pack_tile(uint32_t dst, uint32_t cb, uint32_t out_index, int out_of_order) {
    Fiber& f = compute_fiber();
    if (f.regs != kRegsWaited)
        fault("pack_tile before tile_regs_commit and tile_regs_wait: the packer may only read DST after both");
    const uint8_t* d = dst_bytes(dst, "pack_tile");
    CBState& c = cb_state(cb, "pack_tile");
    if (c.page_size != tile_bytes(c.fmt))
        fault("pack_tile: CB " + std::to_string(cb) + " does not hold tiles (page size " + std::to_string(c.page_size) + ")");
    // pack_tile<false> ignores the index: the packer writes sequentially after the last push.
    uint32_t pos = out_of_order ? out_index : c.pack_seq++;
    if (pos >= c.reserved)
        fault("pack_tile: output position " + std::to_string(pos) + " is beyond the " + std::to_string(c.reserved) +
              " page(s) reserved at the back of CB " + std::to_string(cb));
    uint8_t* page = cb_page(c, c.wr_page, pos);
    if (f.fp32_dest) {
        pack_tile_data(c.fmt, reinterpret_cast<const float*>(d), page);
    } else if (c.fmt == kFloat16_b) {
        std::memcpy(page, d, kTileElems * 2);  // DST already holds the bf16 bits
    } else {
        alignas(64) float v[kTileElems];
        unpack_tile(kFloat16_b, d, v);
        pack_tile_data(c.fmt, v, page);
    }
    t_core->ctr->ops[kPackTile]++;
}

void ttbw_mm_init(uint32_t transpose) { compute_fiber().mm_transpose = transpose != 0; }

// DST[dst] += A x B. The unpacker feeds both tiles through the source registers (bf16 and
// bfloat8_b exactly, f32 as TF32), so every product is exact in fp32; each output element sums
// its 32 products in fp32 in k order, then adds what DST holds, rounded once to DST's format.
// Eight rows of C at a time (16 vector accumulators: independent chains keep the FMA pipes
// full; a fused multiply-add gives the same sum wherever a product is within fp32's normal
// range, where it is exact), B's row k as its two 16-element face rows.
namespace {
typedef float V16 __attribute__((vector_size(64), aligned(64)));
constexpr uint32_t kRowsPerBlock = 8;

inline V16 load16(const float* p) { V16 v; std::memcpy(&v, p, sizeof v); return v; }
inline void store16(float* p, V16 v) { std::memcpy(p, &v, sizeof v); }

// c rows [i0, i0 + 8) = A rows [i0, i0 + 8) x B; b_rows: B's row k at b_rows + k * 32 (32 floats).
inline void matmul_rows(const float* a, const float* b_rows, float* c, uint32_t i0) {
    V16 lo[kRowsPerBlock], hi[kRowsPerBlock];
    for (uint32_t r = 0; r < kRowsPerBlock; ++r) lo[r] = hi[r] = V16{};
    for (uint32_t k = 0; k < 32; ++k) {
        const V16 b_lo = load16(b_rows + k * 32), b_hi = load16(b_rows + k * 32 + 16);
        const uint32_t ak = k < 16 ? k : 256 + k - 16;  // (i, k) of a tile row: two face rows, 256 apart
        for (uint32_t r = 0; r < kRowsPerBlock; ++r) {
            const float aik = a[tile_index(i0 + r, 0) + ak];
            lo[r] += aik * b_lo;
            hi[r] += aik * b_hi;
        }
    }
    for (uint32_t r = 0; r < kRowsPerBlock; ++r) {
        store16(c + tile_index(i0 + r, 0), lo[r]);
        store16(c + tile_index(i0 + r, 16), hi[r]);
    }
}
}  // namespace

void ttbw_matmul_tiles(uint32_t cb0, uint32_t cb1, uint32_t t0, uint32_t t1, uint32_t dst) {
    need_math("matmul_tiles");
    uint8_t* d = dst_bytes(dst, "matmul_tiles");
    alignas(64) float a[kTileElems], b[kTileElems], rows_b[kTileElems], c[kTileElems];
    read_tile(cb0, t0, a, true, "matmul_tiles");
    read_tile(cb1, t1, b, true, "matmul_tiles");
    const bool transposed = compute_fiber().mm_transpose;
    for (uint32_t k = 0; k < 32; ++k)
        for (uint32_t j = 0; j < 32; ++j) rows_b[k * 32 + j] = b[transposed ? tile_index(j, k) : tile_index(k, j)];
    for (uint32_t i0 = 0; i0 < 32; i0 += kRowsPerBlock) matmul_rows(a, rows_b, c, i0);
    in_dst_mode([&](auto mode) {
        auto out = decltype(mode)::at(d);
        store_tile(out, [&](uint32_t i) { return out.get(i) + c[i]; });
    });
    t_core->ctr->ops[kMatmulTiles]++;
}

// DST[dst] = the tile transposed, unpacked straight to DST (no TF32 step, as copy_tile).
void ttbw_transpose_wh_tile(uint32_t cb, uint32_t tile, uint32_t dst) {
    need_math("transpose_wh_tile");
    uint8_t* d = dst_bytes(dst, "transpose_wh_tile", true);
    const CBState* c;
    const uint8_t* p = front_tile(cb, tile, &c, "transpose_wh_tile");
    alignas(64) float v[kTileElems];
    unpack_tile(c->fmt, p, v);
    static const auto swapped = [] {  // face-order index of (r, c) -> that of (c, r)
        std::array<uint16_t, kTileElems> t{};
        for (uint32_t r = 0; r < 32; ++r)
            for (uint32_t col = 0; col < 32; ++col) t[tile_index(r, col)] = static_cast<uint16_t>(tile_index(col, r));
        return t;
    }();
    in_dst_mode([&](auto mode) { store_tile(decltype(mode)::at(d), [&](uint32_t i) { return v[swapped[i]]; }); });
    t_core->ctr->ops[kTransposeWhTile]++;
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
    // Row r of tile t is 32 contiguous elements (pages hold 1024 elements: a row never
    // straddles two) and two contiguous 16-element face rows of the tile.
    auto rm_row = [&](uint32_t r, uint32_t t) {
        uint32_t off = (r * n * 32 + t * 32) * es;
        uint32_t from = untilize ? out.wr_page + out.pack_seq : in.rd_page;
        return cb_page(rm, from % rm.num_pages, off / rm.page_size) + off % rm.page_size;  // from may be past one turn
    };
    alignas(64) float v[kTileElems];
    for (uint32_t t = 0; t < n; ++t) {
        if (!untilize) {
            if (out.page_size != tile_bytes(out.fmt)) fault("tilize_block: output CB does not hold tiles");
            for (uint32_t r = 0; r < 32; ++r) {
                const uint8_t* row = rm_row(r, t);
                float* face_row = v + tile_index(r, 0);
                if (in.fmt == kFloat32) {
                    if (f.fp32_dest) rows_to_tile<true>(reinterpret_cast<const float*>(row), face_row);
                    else rows_to_tile<false>(reinterpret_cast<const float*>(row), face_row);
                } else {
                    if (f.fp32_dest) rows_to_tile<true>(reinterpret_cast<const uint16_t*>(row), face_row);
                    else rows_to_tile<false>(reinterpret_cast<const uint16_t*>(row), face_row);
                }
            }
            pack_tile_data(out.fmt, v, cb_page(out, out.wr_page, out.pack_seq + t));
        } else {
            if (in.page_size != tile_bytes(in.fmt)) fault("untilize_block: input CB does not hold tiles");
            unpack_tile(in.fmt, cb_page(in, in.rd_page, t), v);
            for (uint32_t r = 0; r < 32; ++r) {
                uint8_t* row = rm_row(r, t);
                const float* face_row = v + tile_index(r, 0);
                if (out.fmt == kFloat32) {
                    if (f.fp32_dest) tile_to_rows<true>(face_row, reinterpret_cast<float*>(row));
                    else tile_to_rows<false>(face_row, reinterpret_cast<float*>(row));
                } else {
                    if (f.fp32_dest) tile_to_rows<true>(face_row, reinterpret_cast<uint16_t*>(row));
                    else tile_to_rows<false>(face_row, reinterpret_cast<uint16_t*>(row));
                }
            }
        }
    }
    out.pack_seq += n;
    t_core->ctr->ops[untilize ? kUntilize : kTilize] += n;
}

}  // extern "C"
