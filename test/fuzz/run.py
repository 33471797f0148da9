"""Runs the fuzzers: seeded, bounded by a number of cases and a time budget.

    python test/fuzz/run.py                        # the short budget the test command runs
    nice -n 10 python test/fuzz/run.py --long --tool-runs 20000 --api-calls 3000 --backward-calls 3000 \\
        --seconds 3600 --out /tmp/ttbw-fuzz        # a long campaign: figures + one reproducer per class

Prints the runs per configuration and the failure classes with their counts (and writes them
to OUT/summary.json with a reproducer per class). Exit status 1 if any case failed.
Tools, mul_bw and every other backward op interleaved; all draw every value kind; --long
translates more kernels per tool case.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import api_fuzz  # noqa: E402
import backward_fuzz  # noqa: E402
from forked import run_forked  # noqa: E402


class Campaign:
    def __init__(self, out: Path | None):
        self.out = out
        self.runs = collections.Counter()
        self.failures = collections.Counter()
        self.first: dict[tuple[str, str, str], dict] = {}

    def record(self, where: str, failure, case: dict) -> None:
        self.runs[where] += 1
        if failure is None:
            return
        key = (where.split(" ")[0] if where.startswith("api") else where, *failure)
        self.failures[key] += 1
        if key not in self.first:
            self.first[key] = case
            if self.out is not None:
                self.out.mkdir(parents=True, exist_ok=True)
                (self.out / f"repro-{len(self.first):03d}.json").write_text(
                    json.dumps({"class": list(key), **case}, indent=1, default=str))

    def report(self, seconds: float) -> str:
        lines = [f"fuzz: {sum(self.runs.values())} runs in {seconds:.0f} s, "
                 f"{sum(self.failures.values())} failing, {len(self.failures)} failure classes"]
        for where, count in sorted(self.runs.items()):
            lines.append(f"  runs {count:6d}  {where}")
        for (where, kind, detail), count in self.failures.most_common():
            lines.append(f"  FAIL {count:6d}  [{where}] {kind}: {detail}")
        return "\n".join(lines)


def _preload(api: bool, tools: bool) -> None:
    """Imports (no contexts, no threads) so each forked child starts warm: ttbw imports MLIR's
    bindings, its passes and the lowering where it first needs them, 0.1-0.3 s a child would
    otherwise pay again each time."""
    import importlib
    import pkgutil

    import mlir.ir  # noqa: F401
    import mlir.passmanager  # noqa: F401
    from mlir.dialects import arith, builtin, func, math, tensor  # noqa: F401

    import ttbw.lowering
    import ttbw.passes

    for package in (ttbw.passes, ttbw.lowering):  # every pass and the whole back end both kinds of case run
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(found.name)
    import ttbw.mlir_dialects.linalg  # noqa: F401
    import ttbw.mlir_dialects.ttir  # noqa: F401
    import ttbw.driver.compiler  # noqa: F401
    import ttbw.execution.executor  # noqa: F401
    import ttbw.execution.ttmetal_reader  # noqa: F401
    from ttbw.ttmlir import builder, capi, module  # noqa: F401

    capi.library()
    if tools:
        import ttbw.driver.opt  # noqa: F401
        import ttbw.tools.ttbw_opt  # noqa: F401
        import ttbw.tools.ttbw_translate  # noqa: F401
        import ttbw.tools.ttbw_run  # noqa: F401
        import ttbw.driver.interrupts  # noqa: F401
        import ttbw.driver.ir_text  # noqa: F401
        import ttbw.driver.output_file  # noqa: F401
    if api:
        import torch  # noqa: F401
        import torch.fx.experimental.symbolic_shapes  # noqa: F401 (torch.broadcast_shapes's first call: sympy)

        import ttbw.ttnn.backward_ops  # noqa: F401
        import ttbw.ttnn.conversions  # noqa: F401
        import ttbw.ttnn.device_fit  # noqa: F401
        import ttbw.ttnn.golden  # noqa: F401
        import golden  # noqa: F401
        import backward_checks  # noqa: F401
        import test_backward_sweep_bf16  # noqa: F401


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=15)
    # The short budget: cases a loaded 2-core machine finishes well inside --seconds (every
    # planned case must run: a budget cut short by the clock is a failure, not a pass).
    parser.add_argument("--tool-runs", type=int, default=40)
    parser.add_argument("--api-calls", type=int, default=4)
    parser.add_argument("--backward-calls", type=int, default=6, help="calls of every other backward op")
    parser.add_argument("--seconds", type=float, default=150.0, help="stop starting cases after this time")
    parser.add_argument("--long", action="store_true", help="a long campaign: more TTKernel translations per tool case")
    parser.add_argument("--out", type=Path, help="folder for summary.json and one reproducer per class")
    args = parser.parse_args(argv)
    start = time.monotonic()
    campaign = Campaign(args.out)
    _preload(api=args.api_calls + args.backward_calls > 0, tools=args.tool_runs > 0)
    with tempfile.TemporaryDirectory(prefix="ttbw-fuzz-") as work:
        deadline = start + args.seconds
        # The API cases take most of a case's time (compiles); interleave so both get the budget.
        tool_rng, api_rng = random.Random(args.seed), random.Random(args.seed + 1)
        backward_rng, backward_ops = random.Random(args.seed + 2), backward_fuzz.ops()
        tools = None
        if args.tool_runs:
            from tools_fuzz import ToolFuzzer

            tools = ToolFuzzer(Path(work), campaign.record, translate_limit=6 if args.long else 3)
        planned = {"tools": args.tool_runs, "api": args.api_calls, "backward": args.backward_calls}
        done = dict.fromkeys(planned, 0)
        progress = time.monotonic() + 60
        while done != planned and time.monotonic() < deadline:
            # interleaved: the kind furthest behind its share of the plan runs next
            kind = min((k for k in planned if done[k] < planned[k]), key=lambda k: done[k] / planned[k])
            if kind == "api":
                spec = api_fuzz.draw(api_rng)
                outcome = run_forked(api_fuzz.run_case, spec, timeout=600)
                campaign.record(f"api mul_bw ({outcome.value['outcome'] if outcome.value else 'crashed'})",
                                _api_failure(outcome), {"spec": spec, "stderr": outcome.stderr[-4000:]})
            elif kind == "backward":
                spec = backward_fuzz.draw(backward_rng, backward_ops, done[kind])
                outcome = run_forked(backward_fuzz.run_case, spec, timeout=600)
                campaign.record(f"api backward ops ({outcome.value['outcome'] if outcome.value else 'crashed'})",
                                _api_failure(outcome), {"spec": spec, "stderr": outcome.stderr[-4000:]})
            else:
                tools.case(tool_rng)
            done[kind] += 1
            if time.monotonic() > progress:  # a long campaign says how far it is
                progress += 60
                print(f"fuzz: {done['tools']} tool runs, {done['api']} mul_bw calls, {done['backward']} backward-op "
                      f"calls, {sum(campaign.failures.values())} failing so far", file=sys.stderr, flush=True)
        done_tools, done_api, done_backward = done["tools"], done["api"], done["backward"]
    seconds = time.monotonic() - start
    text = campaign.report(seconds)
    planned, ran = args.tool_runs + args.api_calls + args.backward_calls, done_tools + done_api + done_backward
    print(text + f"\nfuzz: {ran} of {planned} planned cases ran ({done_tools} tool runs, {done_api} mul_bw calls, "
                 f"{done_backward} backward-op calls)")
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "summary.json").write_text(json.dumps({
            "seed": args.seed, "seconds": seconds, "runs": dict(campaign.runs),
            "failures": [{"where": w, "kind": k, "detail": d, "count": c}
                         for (w, k, d), c in campaign.failures.most_common()]}, indent=1))
    return 1 if campaign.failures or ran < planned else 0


def _api_failure(outcome):
    if outcome.status is None:
        return ("timeout", f"no answer in {outcome.seconds:.0f} s")
    if outcome.status < 0:
        return ("signal", f"killed by signal {-outcome.status}")
    if outcome.status != 0 or outcome.value is None:
        last = [line for line in outcome.stderr.strip().splitlines() if line and not line.startswith(" ")][-1:]
        return ("traceback", last[0][:200] if last else f"exit {outcome.status}")
    return outcome.value["failure"]


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
