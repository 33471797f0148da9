// Host tensors <-> interleaved buffers in one pass: (un)tilize, zero padding and the format
// conversion (f32 / bf16 rounding to nearest even, bfloat8_b packing) straight between the
// user's array and the buffer's pages in every bank; no staging copy.
#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "emu.h"

using namespace ttbw;

namespace {

// A host tensor seen as (batch, rows, cols), C-contiguous; elements f32 or bf16 bits.
struct HostView {
    uint32_t fmt;  // kFloat32 or kFloat16_b
    uint8_t* data;
    uint64_t batch, rows, cols;
};

// Host rounding to bf16 as numpy's ml_dtypes does it (what uploads always did): nearest even,
// a NaN becomes the quiet NaN of its sign (the device's packer keeps the payload instead).
// Branch-free so that the tile loops vectorise.
inline uint16_t host_bf16(float x) {
    uint32_t u = f2u(x);
    uint32_t rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
    uint32_t nan = ((u >> 16) & 0x8000u) | 0x7fc0u;
    return static_cast<uint16_t>((u & 0x7fffffffu) > 0x7f800000u ? nan : rounded);
}

// Element converters between a host element type S and a device element type D.
inline uint16_t conv(float x, uint16_t*) { return host_bf16(x); }
inline uint16_t conv(uint16_t x, uint16_t*) { return x; }
inline float conv(float x, float*) { return x; }
inline float conv(uint16_t x, float*) { return bf16_to_f32(x); }

// n converted elements; restrict-qualified so the loop vectorises.
template <class D, class S>
inline void convert(D* __restrict out, const S* __restrict in, uint64_t n) {
    for (uint64_t c = 0; c < n; ++c) out[c] = conv(in[c], static_cast<D*>(nullptr));
}

// 16 converted elements (one face row): a fixed count the compiler turns into vector moves
// instead of a memmove call per 32 bytes.
template <class D, class S>
inline void convert16(D* __restrict out, const S* __restrict in) {
    if constexpr (std::is_same_v<D, S>) {
        std::memcpy(out, in, 16 * sizeof(D));
    } else {
        for (uint32_t c = 0; c < 16; ++c) out[c] = conv(in[c], static_cast<D*>(nullptr));
    }
}

// Tile (r0, c0) of a (rows, cols) matrix at `src` -> 1024 elements of D in tile order (each
// 32-element row is two 16-element face rows), zero padded.
template <class D, class S>
void tilize(D* out, const S* src, uint64_t rows, uint64_t cols, uint64_t r0, uint64_t c0) {
    uint32_t nr = static_cast<uint32_t>(std::min<uint64_t>(32, rows - r0));
    uint32_t nc = static_cast<uint32_t>(std::min<uint64_t>(32, cols - c0));
    if (nr == 32 && nc == 32) {  // a whole tile: no padding
        for (uint32_t r = 0; r < 32; ++r) {
            D* face_row = out + (r >> 4) * 512 + (r & 15) * 16;
            const S* in = src + (r0 + r) * cols + c0;
            convert16(face_row, in);
            convert16(face_row + 256, in + 16);
        }
        return;
    }
    for (uint32_t r = 0; r < 32; ++r) {
        D* face_row = out + (r >> 4) * 512 + (r & 15) * 16;
        const S* in = src + (r0 + r) * cols + c0;
        uint32_t n = r < nr ? nc : 0, left = std::min(n, 16u), right = n - left;
        convert(face_row, in, left);
        std::fill(face_row + left, face_row + 16, D(0));
        convert(face_row + 256, in + 16, right);
        std::fill(face_row + 256 + right, face_row + 272, D(0));
    }
}

// Inverse of tilize: the valid part of a tile in tile order -> the host matrix.
template <class D, class S>
void untilize(D* dst, const S* tile, uint64_t rows, uint64_t cols, uint64_t r0, uint64_t c0) {
    uint32_t nr = static_cast<uint32_t>(std::min<uint64_t>(32, rows - r0));
    uint32_t nc = static_cast<uint32_t>(std::min<uint64_t>(32, cols - c0));
    uint32_t left = std::min(nc, 16u), right = nc - left;
    if (nr == 32 && nc == 32) {
        for (uint32_t r = 0; r < 32; ++r) {
            const S* face_row = tile + (r >> 4) * 512 + (r & 15) * 16;
            D* out = dst + (r0 + r) * cols + c0;
            convert16(out, face_row);
            convert16(out + 16, face_row + 256);
        }
        return;
    }
    for (uint32_t r = 0; r < nr; ++r) {
        const S* face_row = tile + (r >> 4) * 512 + (r & 15) * 16;
        D* out = dst + (r0 + r) * cols + c0;
        convert(out, face_row, left);
        convert(out + 16, face_row + 256, right);
    }
}

template <class S>
void tilize_as(uint32_t fmt, uint8_t* page, const S* src, uint64_t rows, uint64_t cols, uint64_t r0, uint64_t c0) {
    if (fmt == kFloat16_b) {
        tilize(reinterpret_cast<uint16_t*>(page), src, rows, cols, r0, c0);
    } else if (fmt == kFloat32) {
        tilize(reinterpret_cast<float*>(page), src, rows, cols, r0, c0);
    } else {
        alignas(64) float tile[kTileElems];
        tilize(tile, src, rows, cols, r0, c0);
        pack_bfp8_tile(tile, page);
    }
}

template <class D>
void untilize_from(uint32_t fmt, const uint8_t* page, D* dst, uint64_t rows, uint64_t cols, uint64_t r0, uint64_t c0) {
    if (fmt == kFloat16_b) {
        untilize(dst, reinterpret_cast<const uint16_t*>(page), rows, cols, r0, c0);
    } else if (fmt == kFloat32) {
        untilize(dst, reinterpret_cast<const float*>(page), rows, cols, r0, c0);
    } else {
        alignas(64) float tile[kTileElems];
        unpack_bfp8_tile(page, tile);
        untilize(dst, static_cast<const float*>(tile), rows, cols, r0, c0);
    }
}

// One TILE page <-> its tile of the host tensor.
void tile_page(bool write, uint32_t fmt, uint8_t* page, const HostView& v, uint64_t b, uint64_t r0, uint64_t c0) {
    uint64_t offset = b * v.rows * v.cols;
    if (v.fmt == kFloat32) {
        float* m = reinterpret_cast<float*>(v.data) + offset;
        write ? tilize_as(fmt, page, static_cast<const float*>(m), v.rows, v.cols, r0, c0)
              : untilize_from(fmt, page, m, v.rows, v.cols, r0, c0);
    } else {
        uint16_t* m = reinterpret_cast<uint16_t*>(v.data) + offset;
        write ? tilize_as(fmt, page, static_cast<const uint16_t*>(m), v.rows, v.cols, r0, c0)
              : untilize_from(fmt, page, m, v.rows, v.cols, r0, c0);
    }
}

// One ROW_MAJOR page (row `row` of the tensor seen as (batch * rows, cols)) <-> host.
template <class H, class P>
void row_copy(bool write, H* host, P* page, uint64_t n) {
    write ? convert(page, static_cast<const H*>(host), n) : convert(host, static_cast<const P*>(page), n);
}

void row_page(bool write, uint32_t fmt, uint8_t* page, const HostView& v, uint64_t row) {
    uint64_t start = row * v.cols;
    auto* f32 = reinterpret_cast<float*>(page);
    auto* b16 = reinterpret_cast<uint16_t*>(page);
    if (v.fmt == kFloat32) {
        float* host = reinterpret_cast<float*>(v.data) + start;
        fmt == kFloat32 ? row_copy(write, host, f32, v.cols) : row_copy(write, host, b16, v.cols);
    } else {
        uint16_t* host = reinterpret_cast<uint16_t*>(v.data) + start;
        fmt == kFloat32 ? row_copy(write, host, f32, v.cols) : row_copy(write, host, b16, v.cols);
    }
}

// A row of whole tiles in a format without blocks (bf16, f32) <-> its 32 host rows, one host
// row at a time: the host side streams through memory in order (tile order would jump 32
// rows for every 64 bytes), the tile side stays within the row's pages.
template <class H, class P>
void tile_row(bool write, uint8_t* const* pages, uint64_t wt, H* host, uint64_t cols) {
    for (uint32_t r = 0; r < 32; ++r) {
        H* row = host + r * cols;
        uint32_t face_row = (r >> 4) * 512 + (r & 15) * 16;
        for (uint64_t t = 0; t < wt; ++t) {
            P* tile = reinterpret_cast<P*>(pages[t]) + face_row;
            if (write) {
                convert16(tile, static_cast<const H*>(row + t * 32));
                convert16(tile + 256, static_cast<const H*>(row + t * 32 + 16));
            } else {
                convert16(row + t * 32, static_cast<const P*>(tile));
                convert16(row + t * 32 + 16, static_cast<const P*>(tile + 256));
            }
        }
    }
}

template <class H>
void tile_row_as(bool write, uint32_t fmt, uint8_t* const* pages, uint64_t wt, H* host, uint64_t cols) {
    if (fmt == kFloat16_b) tile_row<H, uint16_t>(write, pages, wt, host, cols);
    else tile_row<H, float>(write, pages, wt, host, cols);
}

// Transfers this large are split over the workers (tile rows or pages are independent: each
// chunk writes its own pages or host rows, so the result never depends on who ran what).
constexpr uint64_t kParallelBytes = 256 * 1024;

std::string transfer(Device* d, uint32_t id, bool write, int tile_layout, uint32_t fmt, const HostView& v,
                     unsigned workers) {
    if (id >= d->buffers.size() || !d->buffers[id].live) return "no such buffer";
    if (v.fmt != kFloat32 && v.fmt != kFloat16_b) return "host data must be float32 or bfloat16";
    if (!format_supported(fmt) || (!tile_layout && fmt == kBfp8_b)) return "unsupported buffer format";
    const BufferInfo& b = d->buffers[id];
    uint64_t ht = (v.rows + 31) / 32, wt = (v.cols + 31) / 32;
    uint64_t pages = tile_layout ? v.batch * ht * wt : v.batch * v.rows;
    uint64_t page_size = tile_layout ? tile_bytes(fmt) : v.cols * element_bytes(fmt);
    if (pages != b.num_pages || page_size != b.page_size)
        return "host tensor of " + std::to_string(pages) + " pages of " + std::to_string(page_size) +
               " bytes does not match buffer '" + b.name + "' (" + std::to_string(b.num_pages) + " pages of " +
               std::to_string(b.page_size) + " bytes)";
    uint32_t banks = b.dram ? d->num_dram_banks : d->num_cores();
    auto page_at = [&](uint64_t p) { return d->bank_memory(b, p % banks) + (p / banks) * b.aligned_page; };
    if (pages * page_size < kParallelBytes) workers = 1;
    if (tile_layout && fmt != kBfp8_b && v.rows % 32 == 0 && v.cols % 32 == 0) {  // no padding
        uint64_t tile_rows = pages / wt;
        parallel_chunks(workers, tile_rows, std::max<uint64_t>(1, 64 / wt), [&](uint64_t begin, uint64_t end) {
            std::vector<uint8_t*> row_pages(wt);
            for (uint64_t tr = begin; tr < end; ++tr) {
                uint64_t p = tr * wt;
                for (uint64_t t = 0; t < wt; ++t) row_pages[t] = page_at(p + t);
                uint64_t first_row = tr * 32;  // rows of the tensor seen as (batch * rows, cols)
                if (v.fmt == kFloat32)
                    tile_row_as(write, fmt, row_pages.data(), wt,
                                reinterpret_cast<float*>(v.data) + first_row * v.cols, v.cols);
                else
                    tile_row_as(write, fmt, row_pages.data(), wt,
                                reinterpret_cast<uint16_t*>(v.data) + first_row * v.cols, v.cols);
            }
        });
        return "";
    }
    parallel_chunks(workers, pages, 64, [&](uint64_t begin, uint64_t end) {
        for (uint64_t p = begin; p < end; ++p) {
            uint8_t* page = page_at(p);
            if (tile_layout) {
                uint64_t tb = p / (ht * wt), r = p % (ht * wt);
                tile_page(write, fmt, page, v, tb, (r / wt) * 32, (r % wt) * 32);
            } else {
                row_page(write, fmt, page, v, p);
            }
        }
    });
    return "";
}

}  // namespace

extern "C" {

// Writes (write=1) or reads a host tensor (C-contiguous, batch x rows x cols elements of
// host_fmt: Float32 or Float16_b) into / from a buffer holding it in `fmt`, TILE layout
// (tile_layout=1, zero padded to whole tiles) or ROW_MAJOR (one page per row); a large one on
// up to `workers` threads.
int ttbw_buf_transfer(void* h, uint32_t id, int write, int tile_layout, uint32_t fmt, uint32_t host_fmt, void* data,
                      uint64_t batch, uint64_t rows, uint64_t cols, uint32_t workers) {
    auto* d = static_cast<Device*>(h);
    try {
        d->error = transfer(d, id, write != 0, tile_layout, fmt,
                            HostView{host_fmt, static_cast<uint8_t*>(data), batch, rows, cols}, workers);
    } catch (const std::exception& e) {
        d->error = std::string("host transfer failed: ") + e.what();
    }
    return d->error.empty() ? 0 : -1;
}

}  // extern "C"
