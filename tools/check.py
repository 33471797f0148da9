"""Runs the lit suite and then pytest, always both; fails if either fails.
Called by CMake's `check` target with: <lit> <lit args...> -- <pytest args...>"""
import subprocess
import sys


def main(argv: list[str]) -> int:
    split = argv.index("--")
    lit = subprocess.run(argv[:split]).returncode
    pytest = subprocess.run([sys.executable, "-m", "pytest", *argv[split + 1:]]).returncode
    if lit:
        print(f"lit suite failed (exit {lit})", file=sys.stderr)
    return 1 if lit or pytest else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
