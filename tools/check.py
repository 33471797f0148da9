"""Runs the lit suite and pytest, always both; fails if either fails.
Called by CMake's `check` target with: <lit> <lit args...> -- <pytest args...>

The two run side by side: pytest runs one test at a time, so on a 2-core machine lit (its
workers one fewer than the CPUs, at least one) takes the core pytest leaves idle, and the
command takes about the longer of the two instead of their sum. pytest's progress streams
live; lit's output (quiet on success: -sv prints failures and its summary) follows when both
are done, then one line with both results."""
import os
import subprocess
import sys
import tempfile


def lit_workers() -> int:
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, cpus - 1)


def main(argv: list[str]) -> int:
    split = argv.index("--")
    lit_args = argv[:split]
    if not any(a == "-j" or a.startswith(("-j", "--workers")) for a in lit_args[1:]):
        lit_args = [lit_args[0], f"--workers={lit_workers()}", *lit_args[1:]]
    with tempfile.TemporaryFile() as lit_log:
        lit = subprocess.Popen(lit_args, stdout=lit_log, stderr=subprocess.STDOUT)
        try:
            pytest = subprocess.run([sys.executable, "-m", "pytest", *argv[split + 1:]]).returncode
        finally:
            lit_status = lit.wait()
        lit_log.seek(0)
        sys.stdout.flush()
        sys.stdout.buffer.write(lit_log.read())
        sys.stdout.flush()
    print(f"check: lit {'passed' if lit_status == 0 else f'FAILED (exit {lit_status})'}, "
          f"pytest {'passed' if pytest == 0 else f'FAILED (exit {pytest})'}")
    return 1 if lit_status or pytest else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
