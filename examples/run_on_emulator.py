"""The Tensix stage as far as it reaches today: a hand-written TTKernel multiply
(examples/kernels/eltwise_mul.mlir: reader, compute, writer) verified and
translated to C++ by the real tt-mlir, compiled with g++ against the emulator,
run on an 8x8 grid of emulated Tensix cores, and compared with torch.
(The TTIR -> TTKernel lowering of ttir.mul_bw is issue #5.)"""
from __future__ import annotations

import torch

from ttbw.runtime import Device, examples

SHAPE = (1, 3, 320, 384)


def main() -> None:
    gen = torch.Generator().manual_seed(0)
    a, b = (torch.randn(SHAPE, generator=gen).to(torch.bfloat16) for _ in range(2))
    sources = examples.example_sources("eltwise_mul")
    for name, cpp in sources.items():
        print(f"---- kernel '{name}': C++ from tt-mlir ({len(cpp.splitlines())} lines)")
        if name == "compute":
            print(cpp)
    with Device(grid=(8, 8)) as device:
        buffers = [device.allocate(SHAPE, "bf16", name=n) for n in ("a", "b", "c")]
        buffers[0].write(a), buffers[1].write(b)
        stats = device.run(examples.eltwise_binary("eltwise_mul", *buffers, grid=(8, 8)))
        got = torch.from_numpy(buffers[2].read()).to(torch.bfloat16)
    exact = torch.equal(got, a * b)
    print(f"emulated eltwise multiply of {SHAPE} bf16 on 8x8 cores: "
          f"{'bit-exact' if exact else 'MISMATCH'} vs torch; {stats}")
    if not exact:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
