// Cooperative context switch between a scheduler and kernel fibers on one OS thread.
// On x86-64 a few instructions save the callee-saved registers and swap stacks (no system
// call, unlike swapcontext's signal-mask handling); elsewhere ucontext is used.
#pragma once

#include <cstddef>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

namespace ttbw {

struct Context {
#if defined(__x86_64__)
    void* sp = nullptr;
#else
    ucontext_t uc;
#endif
};

// Prepare `c` to start `entry` (which must never return) on the given stack.
void context_init(Context& c, void* stack, size_t size, void (*entry)());
// Save the current context into `from` and resume `to`.
void context_switch(Context& from, Context& to);

}  // namespace ttbw
