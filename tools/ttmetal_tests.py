"""Runs tt-metal's own ttnn tests with `import ttnn` answered by ttbw, and prints what passes.

    python tools/ttmetal_tests.py DIR [TESTS ...] [--commit SHA] [--list] [-k EXPR]

DIR: a copy of (part of) tt-metal with the repository's paths: the tests and the modules they
import (`tests/ttnn/unit_tests/operations/eltwise/backward/utility_funcs.py`,
`tests/tt_eager/python_api_testing/sweep_tests/comparison_funcs.py`, `models/utility_functions.py`,
...). TESTS: files or folders under DIR (default: tt-metal's eltwise backward tests). Nothing of
tt-metal is kept in ttbw; the tests need loguru (`pip install loguru`).

The tests run unchanged in one pytest process from DIR; tt-metal's conftests are not loaded
(they open real devices): `tools/ttmetal_plugin.py` makes `ttnn` ttbw and gives the fixtures
they take (`device`: the emulated Wormhole, 8x8 cores). Prints per file passed / failed /
skipped / xfailed and the totals; `--list` each failure with its first message line. Exit 0
when the tests ran (whatever they gave), 1 when they could not.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TESTS = "tests/ttnn/unit_tests/operations/eltwise/backward"
OUTCOMES = ("passed", "failed", "skipped", "xfailed")


def outcome(case: ElementTree.Element) -> tuple[str, str]:
    """(outcome, first line of its message) of a junit testcase."""
    for child in case:
        message = (child.get("message") or child.text or "").strip().splitlines()
        first = message[0] if message else ""
        if child.tag in ("failure", "error"):
            return "failed", first
        if child.tag == "skipped":
            return ("xfailed" if child.get("type") == "pytest.xfail" else "skipped"), first
    return "passed", ""


def test_file(case: ElementTree.Element) -> str:
    """The test's file relative to DIR, from its junit classname (dotted path, then a class)."""
    parts = (case.get("classname") or "").split(".")
    while parts and not parts[-1].startswith("test"):
        parts.pop()  # a test class's name
    return "/".join(parts) + ".py" if parts else "?"


def run(directory: Path, tests: list[str], keyword: str | None, report: Path) -> int:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(directory), str(ROOT / "tools"), str(ROOT / "python"),
                                         env.get("PYTHONPATH", "")])
    command = [sys.executable, "-m", "pytest", "-p", "ttmetal_plugin", "--noconftest", "-p", "no:cacheprovider",
               "-q", "--import-mode=importlib", "--rootdir", str(directory), f"--junitxml={report}", *tests]
    if keyword:
        command += ["-k", keyword]
    return subprocess.run(command, cwd=directory, env=env, stdout=sys.stderr).returncode


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, help="a copy of tt-metal (or of the parts the tests need)")
    parser.add_argument("tests", nargs="*", help=f"files or folders under DIR (default {DEFAULT_TESTS})")
    parser.add_argument("--commit", help="the tt-metal commit DIR was copied from (printed with the table)")
    parser.add_argument("--list", action="store_true", help="list each failure with its first message line")
    parser.add_argument("-k", dest="keyword", help="pytest's -k expression")
    args = parser.parse_args(argv)
    directory = args.directory.resolve()
    tests = args.tests or [DEFAULT_TESTS]
    missing = [t for t in tests if not (directory / t).exists()]
    if not directory.is_dir() or missing:
        print(f"ttmetal_tests: {directory if not directory.is_dir() else directory / missing[0]} does not exist",
              file=sys.stderr)
        return 1
    if importlib.util.find_spec("loguru") is None:
        print("ttmetal_tests: tt-metal's tests import loguru: pip install loguru", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "junit.xml"
        code = run(directory, tests, args.keyword, report)
        if not report.exists():
            print(f"ttmetal_tests: pytest exited {code} without running the tests", file=sys.stderr)
            return 1
        cases = list(ElementTree.parse(report).getroot().iter("testcase"))
    per_file: dict[str, Counter] = defaultdict(Counter)
    failures = []
    for case in cases:
        result, message = outcome(case)
        name = test_file(case)
        per_file[name][result] += 1
        if result == "failed":
            failures.append(f"{name}::{case.get('name')}: {message}")
    header = f"tt-metal's tests{f' at {args.commit}' if args.commit else ''} against ttbw: {', '.join(tests)}"
    print(header)
    width = max([len(f) for f in per_file] + [5])
    print(f"{'file':<{width}}  " + "  ".join(f"{o:>7}" for o in OUTCOMES))
    for name in sorted(per_file):
        print(f"{name:<{width}}  " + "  ".join(f"{per_file[name][o]:>7}" for o in OUTCOMES))
    total = sum(per_file.values(), Counter())
    print(f"{'total':<{width}}  " + "  ".join(f"{total[o]:>7}" for o in OUTCOMES))
    if args.list:
        for line in failures:
            print(f"FAILED {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
