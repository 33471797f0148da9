"""Runs a tt-mlir TTIR test tree through ttbw-opt and prints what ttbw reads of it.

    python tools/ttmlir_compat.py DIR [--commit SHA] [--list FAILED]

DIR: a copy of tt-mlir's `test/ttmlir/Dialect/TTIR` (e.g. `git -C <tt-mlir> archive <commit>
test/ttmlir/Dialect/TTIR | tar -x -C /tmp/t`). Nothing of it is kept in ttbw. Per file:

- positive (no `not ttmlir-opt`, no `--verify-diagnostics`, no `expected-error`):
  parses: `ttbw-opt [--split-input-file] FILE` exits 0;
  round-trips: that output, read again, prints byte for byte the same;
  decomposition untouched: ttbw's decomposition passes (without the upstream canonicalize /
  cse of the pipeline, which fold tt-mlir's ops as tt-mlir's canonicalizer would) print the same;
- negative: ttbw-opt exits 1; `--verify-diagnostics` files pass it; `2>&1 | FileCheck` files
  pass their CHECK lines. "ttbw ops": the negative files whose expected messages all name
  ops ttbw defines (`'ttir.<op>' op`), the messages ttbw promises word for word.

Files tt-mlir's own lit skips by default (`UNSUPPORTED: true`, `REQUIRES: stablehlo`) are
counted, and also left out in a row of their own.

Only ttbw-opt's own flags of a RUN line are kept (tt-mlir's passes are not ttbw's).
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECOMPOSITION = ["--ttir-decompose-backward", "--ttir-reduce-broadcast-grads", "--ttir-expand-complex"]
_OP_IN_MESSAGE = re.compile(r"'ttir\.(\w+)' op")
_GATED = re.compile(r"//\s*(UNSUPPORTED:\s*true|REQUIRES:)")


@dataclass
class Result:
    path: str
    negative: bool
    parses: bool = False
    round_trips: bool = False
    untouched: bool = False
    checks_pass: bool = False
    refused: bool = False
    ttbw_ops: bool = False  # negative: every expected message names an op ttbw defines
    gated: bool = False  # tt-mlir's lit skips it unless asked: `UNSUPPORTED: true` or `REQUIRES: <feature>`
    detail: str = ""
    messages: list = field(default_factory=list)


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(ROOT / ".venv" / "bin")) or shutil.which(name)
    if not found:
        sys.exit(f"{name} not found: source tools/setup-env.sh first")
    return found


def _filecheck() -> str:
    import llvm  # the pinned LLVM wheel carries FileCheck

    return str(Path(llvm.__path__[0]) / "bin" / "FileCheck")


def _ttbw_ops() -> set[str]:
    from ttbw.dialect import OPS_MODULE  # the generated op classes name every op ttbw defines

    return set(re.findall(r'OPERATION_NAME = "ttir\.(\w+)"', OPS_MODULE.read_text()))


def _run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(args, input=stdin, capture_output=True, text=True, errors="replace")


def measure(path: Path, opt: str, filecheck: str, ours: set[str]) -> Result:
    text = path.read_text(errors="replace")
    runs = [line.split("RUN:", 1)[1] for line in text.splitlines() if "RUN:" in line]
    run_text = " ".join(runs)
    verify = "--verify-diagnostics" in run_text
    negative = verify or "not ttmlir-opt" in run_text or "expected-error" in text
    split = ["--split-input-file"] if "split-input-file" in run_text or verify else []
    result = Result(str(path), negative, gated=_GATED.search(text) is not None)
    if not negative:
        parsed = _run([opt, *split, str(path)])
        result.parses = parsed.returncode == 0
        if not result.parses:
            result.detail = parsed.stderr.strip().splitlines()[0] if parsed.stderr.strip() else "exit 1"
            return result
        again = _run([opt, *split, "-"], parsed.stdout)
        result.round_trips = again.returncode == 0 and again.stdout == parsed.stdout
        passed = _run([opt, *split, *DECOMPOSITION, str(path)])
        result.untouched = passed.returncode == 0 and passed.stdout == parsed.stdout
        return result
    if verify:
        run = _run([opt, *split, "--verify-diagnostics", str(path)])
        result.checks_pass = run.returncode == 0
        result.refused = True
        result.messages = re.findall(r"expected-error[^{]*\{\{(.*?)\}\}", text)
    else:
        run = _run([opt, *split, str(path)])
        result.refused = run.returncode != 0
        checked = _run([filecheck, str(path)], run.stderr + run.stdout)
        result.checks_pass = result.refused and checked.returncode == 0
        result.messages = [line.split(":", 1)[1] for line in text.splitlines()
                           if re.match(r"\s*//\s*CHECK(-\w+)?:", line)]
    named = [_OP_IN_MESSAGE.search(m) for m in result.messages]
    result.ttbw_ops = bool(named) and all(n is not None and n.group(1) in ours for n in named)
    if not result.checks_pass:
        result.detail = (run.stderr.strip().splitlines() or ["exit 0"])[0]
    return result


def table(results: list[Result], commit: str) -> str:
    positive = [r for r in results if not r.negative]
    negative = [r for r in results if r.negative]
    ours = [r for r in negative if r.ttbw_ops]
    ungated = [r for r in positive if not r.gated]
    rows = [
        ("files", len(results)),
        ("positive files", len(positive)),
        ("  parse", sum(r.parses for r in positive)),
        ("  round-trip byte for byte", sum(r.round_trips for r in positive)),
        ("  pass the decomposition untouched", sum(r.untouched for r in positive)),
        ("positive files tt-mlir's lit runs by default", len(ungated)),
        ("  parse, round-trip and pass the decomposition", sum(r.parses and r.round_trips and r.untouched
                                                              for r in ungated)),
        ("negative files", len(negative)),
        ("  refused (exit 1)", sum(r.refused for r in negative)),
        ("  CHECK lines / expected diagnostics pass", sum(r.checks_pass for r in negative)),
        ("negative files on ops ttbw defines", len(ours)),
        ("  CHECK lines / expected diagnostics pass", sum(r.checks_pass for r in ours)),
    ]
    width = max(len(name) for name, _ in rows)
    lines = [f"tt-mlir test/ttmlir/Dialect/TTIR at {commit}"]
    lines += [f"{name:<{width}}  {value:>4}" for name, value in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tree", type=Path, help="a copy of tt-mlir's test/ttmlir/Dialect/TTIR")
    parser.add_argument("--commit", default="(commit not given)", help="the tt-mlir commit of the copy")
    parser.add_argument("--list", action="store_true", help="also list the files that fall short, and why")
    parser.add_argument("-j", type=int, default=2, help="ttbw-opt runs at once (default 2)")
    args = parser.parse_args(argv)
    files = sorted(args.tree.rglob("*.mlir"))
    if not files:
        sys.exit(f"no .mlir files under {args.tree}")
    opt, filecheck, ours = _tool("ttbw-opt"), _filecheck(), _ttbw_ops()
    with ThreadPoolExecutor(args.j) as pool:
        results = list(pool.map(lambda p: measure(p, opt, filecheck, ours), files))
    if args.list:
        for r in results:
            short = (not r.checks_pass) if r.negative else not (r.parses and r.round_trips and r.untouched)
            if short:
                kind = ("negative" + (" (ttbw ops)" if r.ttbw_ops else "")) if r.negative else (
                    "positive" + ("" if r.parses else " (parse)") + ("" if r.round_trips else " (round-trip)")
                    + ("" if r.untouched else " (decomposition)"))
                gate = " (tt-mlir's lit skips it by default)" if r.gated else ""
                print(f"{Path(r.path).relative_to(args.tree)}: {kind}{gate}: {r.detail}")
        print()
    print(table(results, args.commit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
