// The SFPU operations of ttbw_emu/sfpu_ops.h beyond mul / add / sub: elementwise math on DST
// tiles. Accuracy: each op is its defining formula evaluated in fp32 with the C library's
// float functions (glibc: within 1 fp32 ulp of the exact value; composite formulas such as
// sigmoid, silu, gelu within a few ulp), then stored in DST's format (rounded to bf16 in
// 16-bit mode). Hardware SFPUs use polynomial / table approximations and are less accurate;
// the emulator gives the values those approximations stand for. Edge values follow IEEE / C:
// log(0) = -inf, log(x < 0) = NaN, sqrt(x < 0) = NaN, recip(+-0) = +-inf, rsqrt(0) = inf,
// NaN propagates through every op but the comparisons (gtz ... nez: 1.0 or
// 0.0, false for NaN except nez) and relu (NaN stays NaN, as in torch).
#include <cmath>

#include "emu.h"

using namespace ttbw;

namespace {

constexpr float kSqrtHalf = 0.70710678118654752f;
constexpr float kSqrt2OverPi = 0.79788456080286536f;

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

float unary(int op, float x) {
    switch (op) {
        case kTtbwSfpu_exp: return std::exp(x);
        // gelu's two forms, written without the cancellation of 1 + erf / 1 + tanh near -1:
        // 0.5 x (1 + erf(x / sqrt2)) = 0.5 x erfc(-x / sqrt2), 0.5 x (1 + tanh(u)) = x sigmoid(2u)
        case kTtbwSfpu_gelu: return 0.5f * x * std::erfc(-x * kSqrtHalf);
        case kTtbwSfpuGeluTanh: return x * sigmoid(2.0f * kSqrt2OverPi * (x + 0.044715f * x * x * x));
        case kTtbwSfpu_log: return std::log(x);
        case kTtbwSfpu_recip: return 1.0f / x;
        case kTtbwSfpu_sqrt: return std::sqrt(x);
        case kTtbwSfpu_rsqrt: return 1.0f / std::sqrt(x);
        case kTtbwSfpu_tanh: return std::tanh(x);
        case kTtbwSfpu_sigmoid: return sigmoid(x);
        case kTtbwSfpu_erf: return std::erf(x);
        case kTtbwSfpu_erfc: return std::erfc(x);
        case kTtbwSfpu_silu: return x * sigmoid(x);
        case kTtbwSfpu_square: return x * x;
        case kTtbwSfpu_negative: return -x;
        case kTtbwSfpu_relu: return x > 0.0f || std::isnan(x) ? x : 0.0f;
        case kTtbwSfpu_abs: return std::fabs(x);
        case kTtbwSfpu_sign: return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f;  // NaN: 0, as torch
        case kTtbwSfpu_log1p: return std::log1p(x);
        case kTtbwSfpu_expm1: return std::expm1(x);
        case kTtbwSfpu_gtz: return x > 0.0f ? 1.0f : 0.0f;
        case kTtbwSfpu_ltz: return x < 0.0f ? 1.0f : 0.0f;
        case kTtbwSfpu_gez: return x >= 0.0f ? 1.0f : 0.0f;
        case kTtbwSfpu_lez: return x <= 0.0f ? 1.0f : 0.0f;
        case kTtbwSfpu_eqz: return x == 0.0f ? 1.0f : 0.0f;
        case kTtbwSfpu_nez: return x != 0.0f ? 1.0f : 0.0f;
        default: fault("unsupported SFPU unary operation " + std::to_string(op));
    }
}

float binary(int op, float a, float b) {
    switch (op) {
        case kTtbwSfpu_div_binary: return a / b;
        case kTtbwSfpu_power_binary: return std::pow(a, b);
        case kTtbwSfpu_binary_max: return std::isnan(a) || std::isnan(b) ? a + b : std::fmax(a, b);
        case kTtbwSfpu_binary_min: return std::isnan(a) || std::isnan(b) ? a + b : std::fmin(a, b);
        default: fault("unsupported SFPU binary operation " + std::to_string(op));
    }
}

const char* const kUnaryNames[] = {
#define TTBW_X(name) #name "_tile",
    TTBW_SFPU_UNARY_OPS(TTBW_X)
#undef TTBW_X
    "gelu_tile"};  // kTtbwSfpuGeluTanh
const char* const kBinaryNames[] = {
#define TTBW_X(name) #name "_tile",
    TTBW_SFPU_BINARY_OPS(TTBW_X)
#undef TTBW_X
};

float to_dst(float v) { return t_fiber->fp32_dest ? v : round_bf16(v); }

}  // namespace

extern "C" {

void ttbw_sfpu_unary(int op, uint32_t dst) {
    if (op < 0 || op > kTtbwSfpuGeluTanh) fault("unsupported SFPU unary operation " + std::to_string(op));
    const char* name = kUnaryNames[op];
    need_math(name);
    float* d = dst_tile(dst, name);
    for (uint32_t i = 0; i < kTileElems; ++i) d[i] = to_dst(unary(op, d[i]));
    t_core->ctr->ops[kOp_exp + (op == kTtbwSfpuGeluTanh ? kTtbwSfpu_gelu : op)]++;
}

void ttbw_sfpu_binary(int op, uint32_t d0, uint32_t d1, uint32_t odst) {
    if (op < 0 || op >= kTtbwSfpuBinaryCount) fault("unsupported SFPU binary operation " + std::to_string(op));
    const char* name = kBinaryNames[op];
    need_math(name);
    const float* a = dst_tile(d0, name);
    const float* b = dst_tile(d1, name);
    float* o = dst_out(odst, name);
    for (uint32_t i = 0; i < kTileElems; ++i) o[i] = to_dst(binary(op, a[i], b[i]));  // in place is fine
    t_core->ctr->ops[kOp_div_binary + op]++;
}

}  // extern "C"
