"""The report of compiled graphs: per graph and static signature, its regions (aten ops in,
TTIR ops out, programs), the ops torch ran and why, compile time and cached-call time.

    TTBW_REPORT=1 python train.py        # every graph's report on stderr at exit
    print(ttbw.torch.report())           # the same text, now
"""
from __future__ import annotations

import atexit
import re
import os
import statistics
import sys
from collections import Counter

from .graph import CompiledGraph, Plan

GRAPHS: list = []   # every CompiledGraph of the process, in compile order


def register(graph: CompiledGraph) -> None:
    GRAPHS.append(graph)


def _counts(counter: Counter) -> str:
    return ", ".join(f"{name.removeprefix('aten.').removeprefix('ttir.')} x{n}" if n > 1
                     else name.removeprefix("aten.").removeprefix("ttir.") for name, n in sorted(counter.items()))


def _shapes(signature: tuple) -> str:
    def one(entry) -> str:
        if not isinstance(entry, tuple):
            return repr(entry)
        shape, dtype = entry
        return f"{'x'.join(map(str, shape)) or 'scalar'} {str(dtype).removeprefix('torch.')}"
    return ", ".join(one(e) for e in signature)


def _bytes(n: int) -> str:
    return f"{n / 2**20:.1f} MiB" if n >= 2**20 else f"{n / 2**10:.1f} KiB" if n >= 2**10 else f"{n} B"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms" if seconds < 10 else f"{seconds:.1f} s"


def plan_lines(graph: CompiledGraph, plan: Plan) -> list[str]:
    cut = plan.partition
    guard = "; traced with symbolic shapes, specialised to these" if graph.symbolic else ""
    lines = [f"ttbw: {graph.title} graph, inputs ({_shapes(plan.signature)}){guard}"]
    for region in cut.regions:
        lines.append(f"  {region.name}: aten {_counts(region.aten_ops)} -> ttir {_counts(region.ttir_ops)} "
                     f"-> {plan.programs(region)} program{'s' * (plan.programs(region) != 1)}")
    reasons: dict = {}
    for op in cut.fallbacks:
        reasons.setdefault((op.name, op.reason), 0)
        reasons[(op.name, op.reason)] += 1
    for (name, reason), n in sorted(reasons.items()):
        lines.append(f"  torch: {name.removeprefix('aten.')}{f' x{n}' if n > 1 else ''}: {reason}")
    if len(cut.regions) > 1:
        lines.append(f"  between regions, last call: {_bytes(plan.handoff_bytes)} read in place on the device, "
                     f"{_bytes(plan.downloaded_bytes)} of results read to the host")
    total = sum(plan.programs(r) for r in cut.regions)
    cached = (f"cached call {_ms(statistics.median(plan.cached_seconds))} (median of {len(plan.cached_seconds)})"
              if plan.cached_seconds else "no cached call yet")
    lines.append(f"  {len(cut.regions)} regions, {total} programs, {len(cut.fallbacks)} ops in torch; compile "
                 f"{_ms(plan.compile_seconds)}, first call {_ms(plan.first_call_seconds)}, {cached}")
    return lines


def report() -> str:
    """Every compiled graph's report, one block per static signature."""
    return "\n".join(line for graph in GRAPHS for plan in graph.plans.values()
                     for line in plan_lines(graph, plan))


def _print_at_exit() -> None:
    text = report()
    if text:
        print(text, file=sys.stderr)


if os.environ.get("TTBW_REPORT", "") not in ("", "0"):
    atexit.register(_print_at_exit)


def write_stages(folder) -> list:
    """Each compiled region's IR at every stage of the pipeline, as files
    `folder/<graph>/<region>/<k>-<stage>.mlir`; returns the files written."""
    from pathlib import Path

    written = []
    for graph in GRAPHS:
        for n, plan in enumerate(graph.plans.values()):
            for region in plan.partition.regions:
                where = Path(folder) / (graph.title.replace(" ", "-") + (f"-{n}" if n else "")) / region.name
                where.mkdir(parents=True, exist_ok=True)
                for k, (stage, text) in enumerate(plan.compiled[region.name].stages):
                    path = where / f"{k:02d}-{re.sub(r'[^A-Za-z0-9_.-]+', '-', stage).strip('-')}.mlir"
                    path.write_text(text)
                    written.append(path)
    return written
