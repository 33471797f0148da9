"""Eltwise multiply of a (1, 3, 320, 384) bf16 tensor three ways: the ttbw emulator (1 core
and an 8x8 grid), tt-lang-sim (pure-Python TT-Lang simulator, an equivalent one-tile-per-step
multiply kernel) and torch on the CPU. Prints times and ratios; asserts nothing.

  python bench/bench_emulator.py [--repeat N] [--skip-sim]

Emulator "device" time is one launch of the prepared program on device-resident buffers
(kernels compiled and cached, program loaded once, as with a program cache hit), the
comparable quantity to one torch.mul call; "end-to-end" adds the host upload of both inputs
(tilize) and the download of the result (untilize). Best of --repeat runs each.
"""

from __future__ import annotations

import argparse
import sys
import time

import torch

SHAPE = (1, 3, 320, 384)
BF16 = torch.bfloat16  # kept: importing tt-lang-sim rebinds torch.bfloat16 to torch.float32


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def bench_torch(a, b, repeat):
    default = torch.get_num_threads()
    torch.set_num_threads(1)
    t1 = best_of(lambda: torch.mul(a, b), repeat)
    torch.set_num_threads(default)
    return t1, best_of(lambda: torch.mul(a, b), repeat), default


def bench_emulator(a, b, repeat):
    from ttbw.execution.emulator import EmulatedDevice, examples

    out = {}
    with EmulatedDevice(grid=(8, 8)) as dev:
        A = dev.allocate(SHAPE, "bf16", name="a")
        B = dev.allocate(SHAPE, "bf16", name="b")
        C = dev.allocate(SHAPE, "bf16", name="c")
        A.write(a), B.write(b)
        for grid in [(1, 1), (8, 8)]:
            prog = examples.eltwise_binary("eltwise_mul", A, B, C, grid=grid)
            compiled = dev.compile(prog)  # cached .so files: no g++ run after the first time
            with dev.prepare(prog, compiled) as prepared:
                prepared.run()  # warm-up
                device_time = best_of(prepared.run, repeat)

                def end_to_end():
                    A.write(a), B.write(b)
                    prepared.run()
                    return C.read()

                e2e = best_of(end_to_end, repeat)
            ok = torch.equal(torch.from_numpy(C.read()).bfloat16(), a * b)
            out[grid] = (device_time, e2e, ok)
    return out


def bench_sim(a, b):
    try:
        from ttl.sim.ttlang_sim import setup_simulator_imports
    except ImportError:
        return None, "tt-lang-sim not installed (pip install tt-lang-sim==1.1.6)"
    setup_simulator_imports()
    import ttl  # the simulator's ttl / ttnn, as `tt-lang-sim script.py` provides them
    import ttnn

    device = ttnn.open_device(device_id=0)
    rows, cols = SHAPE[0] * SHAPE[1] * SHAPE[2] // 32, SHAPE[3] // 32

    @ttl.operation(grid=(1, 1))
    def mul_op(x: ttnn.Tensor, y: ttnn.Tensor, z: ttnn.Tensor):
        x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)
        y_dfb = ttl.make_dataflow_buffer_like(y, shape=(1, 1), block_count=2)
        z_dfb = ttl.make_dataflow_buffer_like(z, shape=(1, 1), block_count=2)

        @ttl.compute()
        def compute():
            for _ in range(rows * cols):
                with x_dfb.wait() as xb, y_dfb.wait() as yb, z_dfb.reserve() as zb:
                    zb.store(xb * yb)

        @ttl.datamovement()
        def read():
            for r in range(rows):
                for c in range(cols):
                    with x_dfb.reserve() as xb, y_dfb.reserve() as yb:
                        tx = ttl.copy(x[r, c], xb)
                        ty = ttl.copy(y[r, c], yb)
                        tx.wait()
                        ty.wait()

        @ttl.datamovement()
        def write():
            for r in range(rows):
                for c in range(cols):
                    with z_dfb.wait() as zb:
                        tz = ttl.copy(zb, z[r, c])
                        tz.wait()

    def dev_tensor(t):
        return ttnn.from_torch(t.reshape(rows * 32, cols * 32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                               device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG)

    x, y, z = dev_tensor(a), dev_tensor(b), dev_tensor(torch.zeros(SHAPE, dtype=BF16))
    t0 = time.perf_counter()
    mul_op(x, y, z)
    seconds = time.perf_counter() - t0
    got = ttnn.to_torch(z).reshape(SHAPE)  # the simulator computes bf16 in fp32 (unrounded products)
    same = torch.equal(got.to(BF16), a * b)
    return seconds, "equal to torch after rounding to bf16" if same else "MISMATCH"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--skip-sim", action="store_true")
    args = ap.parse_args(argv)

    g = torch.Generator().manual_seed(0)
    a = torch.randn(SHAPE, generator=g).bfloat16()
    b = torch.randn(SHAPE, generator=g).bfloat16()
    tiles = a.numel() // 1024
    print(f"eltwise multiply {SHAPE} bf16 = {tiles} tiles")

    t_torch1, t_torch, threads = bench_torch(a, b, args.repeat)
    print(f"  torch CPU (1 thread)      {t_torch1 * 1e3:9.3f} ms")
    print(f"  torch CPU ({threads} threads)     {t_torch * 1e3:9.3f} ms")
    emu = bench_emulator(a, b, args.repeat)
    for grid, (dev_t, e2e, ok) in emu.items():
        print(f"  emulator {grid[0]}x{grid[1]} device       {dev_t * 1e3:9.3f} ms   end-to-end {e2e * 1e3:8.3f} ms"
              f"   bit-exact vs torch: {ok}")
    sim_t = None
    if not args.skip_sim:
        sim_t, status = bench_sim(a, b)
        if sim_t is None:
            print(f"  tt-lang-sim               skipped: {status}")
        else:
            print(f"  tt-lang-sim 1x1           {sim_t * 1e3:9.1f} ms   result: {status}")

    print("ratios (emulator device time: launch of the prepared program on device-resident buffers)")
    for grid, (dev_t, e2e, _) in emu.items():
        print(f"  emulator {grid[0]}x{grid[1]} / torch:  device {dev_t / t_torch:6.2f}x ({threads} threads), "
              f"{dev_t / t_torch1:6.2f}x (1 thread)   end-to-end {e2e / t_torch:6.2f}x   (target <= 3x)")
    if sim_t is not None:
        for grid, (dev_t, e2e, _) in emu.items():
            print(f"  tt-lang-sim / emulator {grid[0]}x{grid[1]}:  device {sim_t / dev_t:8.0f}x   "
                  f"end-to-end {sim_t / e2e:8.0f}x   (target >= 50x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
