#include "context.h"

#include <cstdint>

#if defined(__x86_64__)
extern "C" void ttbw_switch_stack(void** save_sp, void* new_sp);
// Saves rbp, rbx, r12-r15 and the SSE/x87 control words on the current stack, stores the
// stack pointer, then restores the same set from the other stack and returns there.
asm(R"(
    .text
    .globl ttbw_switch_stack
    .type ttbw_switch_stack,@function
ttbw_switch_stack:
    .cfi_startproc
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .cfi_endproc
    .size ttbw_switch_stack, .-ttbw_switch_stack
)");

namespace ttbw {

void context_init(Context& c, void* stack, size_t size, void (*entry)()) {
    auto top = (reinterpret_cast<uintptr_t>(stack) + size) & ~uintptr_t(15);
    auto* slot = reinterpret_cast<uint64_t*>(top - 16);  // 16-aligned: `ret` lands with rsp % 16 == 8
    slot[0] = reinterpret_cast<uint64_t>(entry);
    slot[1] = 0;  // entry never returns
    uint64_t* sp = slot - 7;  // six callee-saved registers + control words
    for (int i = 1; i < 7; ++i) sp[i] = 0;
    sp[0] = 0x1F80ull | (0x037Full << 32);  // default MXCSR and x87 control word
    c.sp = sp;
}

void context_switch(Context& from, Context& to) { ttbw_switch_stack(&from.sp, to.sp); }

}  // namespace ttbw

#else

namespace ttbw {

void context_init(Context& c, void* stack, size_t size, void (*entry)()) {
    getcontext(&c.uc);
    c.uc.uc_stack.ss_sp = stack;
    c.uc.uc_stack.ss_size = size;
    c.uc.uc_link = nullptr;
    makecontext(&c.uc, entry, 0);
}

void context_switch(Context& from, Context& to) { swapcontext(&from.uc, &to.uc); }

}  // namespace ttbw

#endif
