// Common to every kernel translation unit: compile-time and runtime arguments, core identity
// and the entry point the runtime looks up in the kernel's shared object.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ttbw_emu/abi.h"

// tt-mlir's TTKernel -> C++ writes a NaN or infinite f32 constant as NAN / INFINITY, which
// tt-metal's kernel headers bring in (<cmath>); defined here as <math.h> does, without it.
#ifndef NAN
#define NAN (__builtin_nanf(""))
#endif
#ifndef INFINITY
#define INFINITY (__builtin_inff())
#endif

// The runtime compiles each kernel with -DKERNEL_COMPILE_TIME_ARGS=a,b,c, (trailing comma).
#ifndef KERNEL_COMPILE_TIME_ARGS
#define KERNEL_COMPILE_TIME_ARGS
#endif

namespace ttbw_kernel {
constexpr uint32_t kCtArgs[] = {KERNEL_COMPILE_TIME_ARGS 0u};
constexpr uint32_t kNumCtArgs = sizeof(kCtArgs) / sizeof(uint32_t) - 1;
constexpr uint32_t ct_arg(uint32_t i) { return i < kNumCtArgs ? kCtArgs[i] : (ttbw_ct_arg_out_of_range(i), 0u); }

template <typename T>
inline T from_bits(uint32_t bits) {
    if constexpr (std::is_integral_v<T>) {
        return static_cast<T>(bits);
    } else {
        static_assert(sizeof(T) == 4, "runtime arguments are 32-bit");
        T v;
        std::memcpy(&v, &bits, 4);
        return v;
    }
}
}  // namespace ttbw_kernel

#define get_compile_time_arg_val(i) (::ttbw_kernel::ct_arg(i))

template <typename T>
inline T get_arg_val(int index) { return ::ttbw_kernel::from_bits<T>(ttbw_rt_arg(static_cast<uint32_t>(index))); }
template <typename T>
inline T get_common_arg_val(int index) {
    return ::ttbw_kernel::from_bits<T>(ttbw_common_rt_arg(static_cast<uint32_t>(index)));
}

// my_x[noc_index] / my_y[noc_index]: the core's coordinates (one NOC in the emulator).
struct ttbw_coord_array {
    uint32_t axis;
    uint32_t operator[](uint32_t) const { return ttbw_my_coord(axis); }
};
constexpr ttbw_coord_array my_x{0}, my_y{1};
constexpr uint8_t noc_index = 0;

inline uint32_t get_tile_size(uint32_t cb) { return ttbw_cb_page_size(cb); }

// Circular-buffer calls shared by data movement and compute kernels.
inline void cb_wait_front(uint32_t cb, uint32_t n) { ttbw_cb_wait_front(cb, n); }
inline void cb_pop_front(uint32_t cb, uint32_t n) { ttbw_cb_pop_front(cb, n); }
inline void cb_reserve_back(uint32_t cb, uint32_t n) { ttbw_cb_reserve_back(cb, n); }
inline void cb_push_back(uint32_t cb, uint32_t n) { ttbw_cb_push_back(cb, n); }
inline bool cb_pages_available_at_front(uint32_t cb, uint32_t n) { return ttbw_cb_poll(cb, n, 0) != 0; }
inline bool cb_pages_reservable_at_back(uint32_t cb, uint32_t n) { return ttbw_cb_poll(cb, n, 1) != 0; }
inline uint32_t get_read_ptr(uint32_t cb) { return ttbw_cb_read_ptr(cb); }
inline uint32_t get_write_ptr(uint32_t cb) { return ttbw_cb_write_ptr(cb); }

void kernel_main();
// Looked up by the runtime with dlsym; calls this translation unit's kernel_main.
extern "C" __attribute__((visibility("default"))) void ttbw_kernel_entry() { kernel_main(); }
