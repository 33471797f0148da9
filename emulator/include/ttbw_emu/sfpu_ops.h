// The SFPU tile operations on DST beyond mul / add / sub (tt-metal's eltwise_unary and
// eltwise_binary_sfpu families), as X-macro lists: the kernel headers (ttbw_emu/compute.h), the
// runtime's implementation (runtime/compute.cpp) and its op counters all expand the same list, so
// an op is added in one place. X(name): the kernel calls name_tile_init() / name_tile(...).
#pragma once

// name_tile(idst): DST tile idst <- f(DST tile idst). exp and gelu are function templates in
// tt-metal (approximation flags), the others plain functions.
#define TTBW_SFPU_TEMPLATED_UNARY_OPS(X) X(exp) X(gelu)
#define TTBW_SFPU_PLAIN_UNARY_OPS(X)                                                             \
    X(log) X(recip) X(sqrt) X(rsqrt) X(tanh) X(sigmoid) X(erf) X(erfc) X(silu) X(square)        \
    X(negative) X(relu) X(abs) X(sign) X(log1p) X(expm1) X(gtz) X(ltz) X(gez) X(lez) X(eqz)     \
    X(nez)
#define TTBW_SFPU_UNARY_OPS(X) TTBW_SFPU_TEMPLATED_UNARY_OPS(X) TTBW_SFPU_PLAIN_UNARY_OPS(X)

// name_tile(idst0, idst1, odst): DST tile odst <- f(DST tile idst0, DST tile idst1).
#define TTBW_SFPU_BINARY_OPS(X) X(div_binary) X(power_binary) X(binary_max) X(binary_min)

enum TtbwSfpuUnaryOp {
#define TTBW_X(name) kTtbwSfpu_##name,
    TTBW_SFPU_UNARY_OPS(TTBW_X)
#undef TTBW_X
    kTtbwSfpuUnaryCount,
    kTtbwSfpuGeluTanh = kTtbwSfpuUnaryCount  // gelu_tile<true>: the tanh approximation
};

enum TtbwSfpuBinaryOp {
#define TTBW_X(name) kTtbwSfpu_##name,
    TTBW_SFPU_BINARY_OPS(TTBW_X)
#undef TTBW_X
    kTtbwSfpuBinaryCount
};
