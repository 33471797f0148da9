"""Seeded random TTIR DAGs that are no backward op, with their float64 reference: multiply /
add / subtract / neg / typecast / sum keep_dim, implicit broadcast, bf16 / f32, TILE /
ROW_MAJOR, one or two results; with `read_back`, one result that reads a sum back over the dims
it reduces (the codegen's read-back walk: one program). Every op's result is rounded to its declared type as TTIR says,
and an error bound is carried through the DAG (each rounding may land one ulp apart, sums
accumulate in fp32 in any order). Used by test/python/test_device_random_dag.py (the oracle)
and bench_mul_bw_device.py (the random-DAG rows).

    dag = Dag(seed); results = dag.build(); text = dag.text(results)     # or dag.build_read_back()
    inputs = [a.value.float().numpy() for a in dag.args]     # results[k].value / .bound
"""
import random
from dataclasses import dataclass

import numpy as np
import torch

SIZES = (1, 2, 3, 32, 33, 40, 64)
UNIT = {"bf16": 2.0 ** -7, "f32": 2.0 ** -23}   # one ulp, relative to the value's magnitude
FP32_COMPUTE = 2.0 ** -23                       # the device computes every op in fp32 first


@dataclass
class Node:
    name: str
    shape: tuple
    dtype: str          # bf16 | f32
    layout: str         # tile | row_major
    value: torch.Tensor  # float64, rounded to dtype
    bound: torch.Tensor  # |device - value| may reach this


def tensor_type(shape, dtype, layout) -> str:
    encoding = f', #ttir.layout<"{dtype}", "row_major">' if layout == "row_major" else ""
    return f"tensor<{'x'.join(map(str, shape))}x{dtype}{encoding}>"


def rounded(value: torch.Tensor, dtype: str) -> torch.Tensor:
    return value.to(torch.bfloat16 if dtype == "bf16" else torch.float32).double()


class Dag:
    """A random function of TTIR and its float64 reference, built op by op."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.gen = torch.Generator().manual_seed(seed)
        rank = self.rng.randint(1, 4)
        while True:
            self.full = tuple(self.rng.choice(SIZES) for _ in range(rank))
            if int(np.prod(self.full)) <= 40_000:
                break
        self.args, self.nodes, self.lines = [], [], []

    def fresh(self) -> str:
        return f"%{len(self.lines)}"

    def argument(self, full: bool = False) -> Node:
        shape = self.full if full else tuple(1 if self.rng.random() < 0.35 else s for s in self.full)
        dtype = self.rng.choice(["bf16", "f32"])
        layout = "row_major" if self.rng.random() < 0.2 else "tile"
        value = rounded(torch.randn(shape, generator=self.gen, dtype=torch.float64), dtype)
        node = Node(f"%arg{len(self.args)}", shape, dtype, layout, value, torch.zeros(shape, dtype=torch.float64))
        self.args.append(node)
        self.nodes.append(node)
        return node

    def emit(self, op: str, operands, shape, dtype, layout, value, bound, attrs: str = "") -> Node:
        name = self.fresh()
        types = ", ".join(tensor_type(o.shape, o.dtype, o.layout) for o in operands)
        result = tensor_type(shape, dtype, layout)
        self.lines.append(f'  {name} = "ttir.{op}"({", ".join(o.name for o in operands)}){attrs} '
                          f": ({types}) -> {result}")
        # the rounding to the result's type may land one ulp apart where the inputs differ
        exact = rounded(value, dtype)
        magnitude = value.abs() + bound
        bound = bound + (UNIT[dtype] + FP32_COMPUTE) * magnitude
        node = Node(name, tuple(shape), dtype, layout, exact, bound)
        self.nodes.append(node)
        return node

    def typecast(self, x: Node, dtype: str) -> Node:
        return self.emit("typecast", [x], x.shape, dtype, x.layout, x.value, x.bound)

    def binary(self, op: str, x: Node, y: Node) -> Node:
        if y.dtype != x.dtype:
            y = self.typecast(y, x.dtype)
        shape = tuple(max(p, q) for p, q in zip(x.shape, y.shape))
        if op == "multiply":
            value = x.value * y.value
            bound = x.value.abs() * y.bound + y.value.abs() * x.bound + x.bound * y.bound
        else:
            value = x.value + y.value if op == "add" else x.value - y.value
            bound = x.bound + y.bound
        return self.emit(op, [x, y], shape, x.dtype, x.layout, value, bound.expand(shape))

    def total(self, x: Node) -> Node:
        dims = sorted(self.rng.sample(range(len(x.shape)), self.rng.randint(1, len(x.shape))))
        shape = tuple(1 if d in dims else s for d, s in enumerate(x.shape))
        terms = int(np.prod([x.shape[d] for d in dims]))
        value = x.value.sum(dim=dims, keepdim=True)
        bound = x.bound.sum(dim=dims, keepdim=True) \
            + terms * FP32_COMPUTE * (x.value.abs() + x.bound).sum(dim=dims, keepdim=True)
        attrs = f" {{dim_arg = [{', '.join(f'{d} : i32' for d in dims)}], keep_dim = true}}"
        return self.emit("sum", [x], shape, x.dtype, x.layout, value, bound, attrs)

    def step(self) -> Node:
        kind = self.rng.random()
        pick = lambda: self.rng.choice(self.nodes)  # noqa: E731
        if kind < 0.6:
            return self.binary(self.rng.choice(["multiply", "add", "subtract"]), pick(), pick())
        if kind < 0.75:
            x = pick()
            return self.emit("neg", [x], x.shape, x.dtype, x.layout, -x.value, x.bound)
        if kind < 0.9:
            x = pick()
            return self.typecast(x, "f32" if x.dtype == "bf16" else "bf16")
        return self.total(pick())

    def build(self):
        for _ in range(self.rng.randint(2, 4)):
            self.argument()
        for _ in range(self.rng.randint(2, 5)):
            self.step()
        last = self.nodes[-1]
        if last.name.startswith("%arg"):
            last = self.step()
        if self.rng.random() < 0.4:
            last = self.total(last)
        results = [last]
        others = [n for n in self.nodes if not n.name.startswith("%arg") and n is not last]
        if others and self.rng.random() < 0.4:
            results.append(self.rng.choice(others))
        return results

    def build_read_back(self):
        """Elementwise steps, then op(y, sum(x)) with x, y of the full shape (the sum read back
        over the dims it reduces), then maybe elementwise steps on the result: one result."""
        self.argument(full=True)
        for _ in range(self.rng.randint(1, 3)):
            self.argument()
        for _ in range(self.rng.randint(0, 3)):
            kind = self.rng.random()
            x, y = self.rng.choice(self.nodes), self.rng.choice(self.nodes)
            if kind < 0.7:
                self.binary(self.rng.choice(["multiply", "add", "subtract"]), x, y)
            else:
                self.typecast(x, "f32" if x.dtype == "bf16" else "bf16")
        full = lambda: self.rng.choice([n for n in self.nodes if n.shape == self.full])  # noqa: E731
        total = self.total(full())
        y = full()
        last = self.binary(self.rng.choice(["multiply", "add", "subtract"]), *self.rng.sample([y, total], 2))
        if self.rng.random() < 0.5:
            last = self.binary(self.rng.choice(["multiply", "add"]), last, self.rng.choice(self.args))
        return [last]

    def text(self, results) -> str:
        args = ", ".join(f"{a.name}: {tensor_type(a.shape, a.dtype, a.layout)}" for a in self.args)
        types = [tensor_type(r.shape, r.dtype, r.layout) for r in results]
        return (f"func.func @dag({args}) -> ({', '.join(types)}) {{\n" + "\n".join(self.lines) + "\n"
                f"  return {', '.join(r.name for r in results)} : {', '.join(types)}\n}}\n")
