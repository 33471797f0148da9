// The SFPU operations of ttbw_emu/sfpu_ops.h beyond mul / add / sub: elementwise math on DST
// tiles. Each op is its defining formula evaluated on the fp32 operands in double with the C
// library's double functions and rounded once to fp32 (correctly rounded, up to the one-in-2^29
// double rounding: the value an SFPU op stands for), then stored in DST's format (rounded to bf16
// in 16-bit mode); the accuracy of each op and how the hardware's approximations differ are in
// emulator/README.md ("SFPU ops"). Edge values follow IEEE / C and torch: log(0) = -inf,
// log(x < 0) = NaN, sqrt(x < 0) = NaN, recip(+-0) = +-inf, rsqrt(+-0) = +-inf, NaN propagates
// through every op but the comparisons with zero (gtz ... nez: 1.0 or 0.0, false for NaN except
// nez) and sign (sign(NaN) = 0, as torch); relu(x) = x < 0 ? 0 : x keeps -0 and NaN (torch's
// clamp_min); max / min propagate NaN and order -0 < +0 (IEEE 754-2019 maximum / minimum).
//
// Every entry point picks the op's function once, outside the element loop, so each loop is
// compiled (and vectorised where the function allows) per op and DST mode.
#include <cmath>

#include "emu.h"

using namespace ttbw;

namespace {

constexpr double kSqrtHalf = 0.70710678118654752;
constexpr double kSqrt2OverPi = 0.79788456080286536;

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// f evaluated in double, rounded once to fp32.
template <class F>
auto in_double(F f) {
    return [f](float x) { return static_cast<float>(f(static_cast<double>(x))); };
}

// loop(f) with f the unary op's function of one float.
template <class Loop>
void with_unary(int op, Loop&& loop) {
    switch (op) {
        case kTtbwSfpu_exp: return loop(in_double([](double x) { return std::exp(x); }));
        // gelu's two forms, written without the cancellation of 1 + erf / 1 + tanh near -1:
        // 0.5 x (1 + erf(x / sqrt2)) = 0.5 x erfc(-x / sqrt2), 0.5 x (1 + tanh(u)) = x sigmoid(2u)
        case kTtbwSfpu_gelu: return loop(in_double([](double x) { return 0.5 * x * std::erfc(-x * kSqrtHalf); }));
        case kTtbwSfpuGeluTanh:
            return loop(in_double([](double x) {
                return x * sigmoid(2.0 * kSqrt2OverPi * (x + 0.044715 * x * x * x));
            }));
        case kTtbwSfpu_log: return loop(in_double([](double x) { return std::log(x); }));
        case kTtbwSfpu_recip: return loop([](float x) { return 1.0f / x; });
        case kTtbwSfpu_sqrt: return loop([](float x) { return std::sqrt(x); });
        case kTtbwSfpu_rsqrt: return loop(in_double([](double x) { return 1.0 / std::sqrt(x); }));
        case kTtbwSfpu_tanh: return loop(in_double([](double x) { return std::tanh(x); }));
        case kTtbwSfpu_sigmoid: return loop(in_double(sigmoid));
        case kTtbwSfpu_erf: return loop(in_double([](double x) { return std::erf(x); }));
        case kTtbwSfpu_erfc: return loop(in_double([](double x) { return std::erfc(x); }));
        case kTtbwSfpu_silu: return loop(in_double([](double x) { return x * sigmoid(x); }));
        case kTtbwSfpu_square: return loop([](float x) { return x * x; });
        case kTtbwSfpu_negative: return loop([](float x) { return -x; });
        case kTtbwSfpu_relu: return loop([](float x) { return x < 0.0f ? 0.0f : x; });
        case kTtbwSfpu_abs: return loop([](float x) { return std::fabs(x); });
        case kTtbwSfpu_sign: return loop([](float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f; });
        case kTtbwSfpu_log1p: return loop(in_double([](double x) { return std::log1p(x); }));
        case kTtbwSfpu_expm1: return loop(in_double([](double x) { return std::expm1(x); }));
        case kTtbwSfpu_gtz: return loop([](float x) { return x > 0.0f ? 1.0f : 0.0f; });
        case kTtbwSfpu_ltz: return loop([](float x) { return x < 0.0f ? 1.0f : 0.0f; });
        case kTtbwSfpu_gez: return loop([](float x) { return x >= 0.0f ? 1.0f : 0.0f; });
        case kTtbwSfpu_lez: return loop([](float x) { return x <= 0.0f ? 1.0f : 0.0f; });
        case kTtbwSfpu_eqz: return loop([](float x) { return x == 0.0f ? 1.0f : 0.0f; });
        case kTtbwSfpu_nez: return loop([](float x) { return x != 0.0f ? 1.0f : 0.0f; });
        default: fault("unsupported SFPU unary operation " + std::to_string(op));
    }
}

// IEEE 754-2019 maximum / minimum: NaN if either is NaN, -0 < +0.
float maximum(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return a + b;
    if (a == b) return std::signbit(a) ? b : a;
    return a > b ? a : b;
}
float minimum(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return a + b;
    if (a == b) return std::signbit(a) ? a : b;
    return a < b ? a : b;
}

template <class Loop>
void with_binary(int op, Loop&& loop) {
    switch (op) {
        case kTtbwSfpu_div_binary: return loop([](float a, float b) { return a / b; });
        case kTtbwSfpu_power_binary:
            return loop([](float a, float b) { return static_cast<float>(std::pow(double(a), double(b))); });
        case kTtbwSfpu_binary_max: return loop(maximum);
        case kTtbwSfpu_binary_min: return loop(minimum);
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

}  // namespace

extern "C" {

void ttbw_sfpu_unary(int op, uint32_t dst) {
    if (op < 0 || op > kTtbwSfpuGeluTanh) fault("unsupported SFPU unary operation " + std::to_string(op));
    on_dst_tiles(kUnaryNames[op], {dst}, dst, [&](auto out, const auto& in) {
        auto x = in[0];
        with_unary(op, [&](auto f) {
            for (uint32_t i = 0; i < kTileElems; ++i) out.set(i, f(x.get(i)));
        });
    });
    t_core->ctr->ops[kOp_exp + (op == kTtbwSfpuGeluTanh ? kTtbwSfpu_gelu : op)]++;
}

void ttbw_sfpu_binary(int op, uint32_t d0, uint32_t d1, uint32_t odst) {
    if (op < 0 || op >= kTtbwSfpuBinaryCount) fault("unsupported SFPU binary operation " + std::to_string(op));
    on_dst_tiles(kBinaryNames[op], {d0, d1}, odst, [&](auto out, const auto& in) {
        auto a = in[0], b = in[1];
        with_binary(op, [&](auto f) {
            for (uint32_t i = 0; i < kTileElems; ++i) out.set(i, f(a.get(i), b.get(i)));
        });
    });
    t_core->ctr->ops[kOp_div_binary + op]++;
}

void ttbw_sfpu_ternary(int op, uint32_t d0, uint32_t d1, uint32_t d2, uint32_t odst) {
    if (op != kTtbwSfpu_where) fault("unsupported SFPU ternary operation " + std::to_string(op));
    on_dst_tiles("where_tile", {d0, d1, d2}, odst, [&](auto out, const auto& in) {
        auto c = in[0], t = in[1], f = in[2];
        for (uint32_t i = 0; i < kTileElems; ++i) out.set(i, c.get(i) != 0.0f ? t.get(i) : f.get(i));
    });
    t_core->ctr->ops[kOp_where]++;
}

}  // extern "C"
