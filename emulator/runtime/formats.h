// Tile data formats of the emulated Tensix: bf16, f32 and bfloat8_b (block float).
//
// Tiles are 32x32 elements stored as four 16x16 faces in the order (0,0), (0,16), (16,0),
// (16,16), rows of a face contiguous ("tile order"). All conversions to a narrower format
// round to nearest, ties to even, as tt-metal's host conversion does.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#if defined(__AVX512BF16__) && defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace ttbw {

// tt-metal's DataFormat enumerators for the supported formats.
enum Format : uint32_t { kFloat32 = 0, kFloat16_b = 5, kBfp8_b = 6 };

constexpr uint32_t kTileElems = 1024;
constexpr uint32_t kBfp8TileBytes = 64 + 1024;  // 64 shared exponents + 1024 element codes

inline bool format_supported(uint32_t f) { return f == kFloat32 || f == kFloat16_b || f == kBfp8_b; }

inline uint32_t tile_bytes(uint32_t f) {
    return f == kFloat32 ? 4096u : f == kFloat16_b ? 2048u : kBfp8TileBytes;
}

inline const char* format_name(uint32_t f) {
    return f == kFloat32 ? "Float32" : f == kFloat16_b ? "Float16_b" : f == kBfp8_b ? "Bfp8_b" : "unsupported";
}

// Index of element (r, c) of a 32x32 tile in tile (face) order.
inline uint32_t tile_index(uint32_t r, uint32_t c) {
    return (((r >> 4) << 1) | (c >> 4)) * 256u + (r & 15u) * 16u + (c & 15u);
}

inline uint32_t f2u(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float u2f(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

// Branch-free so that loops over tiles vectorise.
inline uint16_t f32_to_bf16(float f) {
    uint32_t u = f2u(f);
    uint32_t rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
    uint32_t quiet_nan = (u >> 16) | 0x40u;
    return static_cast<uint16_t>((u & 0x7fffffffu) > 0x7f800000u ? quiet_nan : rounded);
}
inline float bf16_to_f32(uint16_t b) { return u2f(static_cast<uint32_t>(b) << 16); }
inline float round_bf16(float f) { return bf16_to_f32(f32_to_bf16(f)); }

// f32_to_bf16 of v[0, n), n a multiple of 32. Where the CPU has AVX512-BF16 its conversion
// instruction rounds exactly as f32_to_bf16 (nearest even, NaN quieted) except that it flushes
// subnormal inputs to zero: a block of 32 holding one is converted elementwise instead.
inline void f32_to_bf16_block(const float* __restrict v, uint16_t* __restrict out, uint32_t n) {
    for (uint32_t i = 0; i < n; i += 32) {
#if defined(__AVX512BF16__) && defined(__AVX512F__)
        __m512 lo = _mm512_loadu_ps(v + i), hi = _mm512_loadu_ps(v + i + 16);
        constexpr int kSubnormal = 0x20;
        if (__builtin_expect((_mm512_fpclass_ps_mask(lo, kSubnormal) | _mm512_fpclass_ps_mask(hi, kSubnormal)) == 0, 1)) {
            _mm512_storeu_si512(out + i, (__m512i)_mm512_cvtne2ps_pbh(hi, lo));
            continue;
        }
#endif
        for (uint32_t j = i; j < i + 32; ++j) out[j] = f32_to_bf16(v[j]);
    }
}

// A bf16 value through f32 and back (what an unpack to DST and a 16-bit DST write give): the
// same bits, a signalling NaN quieted.
inline uint16_t requiet_bf16(uint16_t b) { return (b & 0x7fffu) > 0x7f80u ? uint16_t(b | 0x40u) : b; }

// FPU source registers hold 19-bit TF32: an f32 operand keeps 10 mantissa bits (truncated).
inline float to_tf32(float f) {
    uint32_t u = f2u(f);
    if ((u & 0x7f800000u) == 0x7f800000u) return f;
    return u2f(u & 0xffffe000u);
}

// bfloat8_b: one shared exponent per 16-element face row (a "block"), 7-bit magnitudes.
inline void pack_bfp8_tile(const float* v, uint8_t* out) {
    for (uint32_t b = 0; b < 64; ++b) {
        const float* blk = v + b * 16;
        uint32_t shared = 0;
        for (int j = 0; j < 16; ++j) {
            uint32_t e = (f2u(blk[j]) >> 23) & 0xffu;
            if (e > shared) shared = e;
        }
        out[b] = static_cast<uint8_t>(shared);
        uint8_t* codes = out + 64 + b * 16;
        for (int j = 0; j < 16; ++j) {
            uint32_t u = f2u(blk[j]);
            uint32_t e = (u >> 23) & 0xffu;
            uint32_t sign = u >> 31;
            if (e == 0 || (shared == 255 && e != 255)) { codes[j] = 0; continue; }
            uint32_t m24 = (1u << 23) | (u & 0x7fffffu);
            uint32_t shift = shared - e;
            m24 = shift >= 24 ? 0 : (m24 >> shift);
            uint32_t low = m24 & 0x1ffffu, m = m24 >> 17;
            if (low > 0x10000u || (low == 0x10000u && (m & 1u))) ++m;
            if (m > 127) m = 127;
            codes[j] = m == 0 ? 0 : static_cast<uint8_t>((sign << 7) | m);
        }
    }
}

inline void unpack_bfp8_tile(const uint8_t* in, float* v) {
    for (uint32_t b = 0; b < 64; ++b) {
        int exp = static_cast<int>(in[b]) - 127 - 6;
        const uint8_t* codes = in + 64 + b * 16;
        for (int j = 0; j < 16; ++j) {
            uint8_t c = codes[j];
            float mag = std::ldexp(static_cast<float>(c & 0x7f), exp);
            v[b * 16 + j] = (c & 0x80) ? -mag : mag;
        }
    }
}

// Decode one tile of `fmt` at `src` into 1024 floats (tile order).
inline void unpack_tile(uint32_t fmt, const uint8_t* src, float* v) {
    if (fmt == kFloat32) {
        std::memcpy(v, src, 4096);
    } else if (fmt == kFloat16_b) {
        const uint16_t* s = reinterpret_cast<const uint16_t*>(src);
        for (uint32_t i = 0; i < kTileElems; ++i) v[i] = bf16_to_f32(s[i]);
    } else {
        unpack_bfp8_tile(src, v);
    }
}

// Encode 1024 floats (tile order) into one tile of `fmt` at `dst` (round to nearest even).
inline void pack_tile_data(uint32_t fmt, const float* v, uint8_t* dst) {
    if (fmt == kFloat32) {
        std::memcpy(dst, v, 4096);
    } else if (fmt == kFloat16_b) {
        f32_to_bf16_block(v, reinterpret_cast<uint16_t*>(dst), kTileElems);
    } else {
        pack_bfp8_tile(v, dst);
    }
}

// Size of one row-major element of `fmt` (bfloat8_b has no row-major form).
inline uint32_t element_bytes(uint32_t fmt) { return fmt == kFloat32 ? 4u : fmt == kFloat16_b ? 2u : 0u; }

}  // namespace ttbw
