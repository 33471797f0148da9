#!/usr/bin/env bash
# Creates (once) the project's virtual environment in .venv, installs the project
# into it, installs the tt-mlir library into it, builds the emulator runtime into it and builds
# the `ttir` dialect (dialect/, ODS + C++) in build/. Re-running is cheap: nothing is
# reinstalled unless pyproject.toml changed, nothing is downloaded twice, the runtime and the
# dialect are rebuilt only when their sources change.
# Usage: source tools/setup-env.sh   (sets ROOT and VENV and puts .venv/bin on PATH)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
stamp="$VENV/.ttbw-installed"
want="$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)"
if [ ! -x "$VENV/bin/python" ]; then
  python3.11 -m venv "$VENV" 2>/dev/null || python3 -m venv "$VENV"
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "ttbw: installing the project into $VENV" >&2
  "$VENV/bin/python" -m pip install --disable-pip-version-check -e "$ROOT[test,bench]" > "$VENV/pip.log" 2>&1 \
    || { tail -n 30 "$VENV/pip.log" >&2; echo "ttbw: install failed (log: $VENV/pip.log)" >&2; exit 1; }
  echo "$want" > "$stamp"
fi
# The real tt-mlir C library (from the tt-lang wheel) in .venv/share/ttbw/ttmlir, independent
# of the kernel cache; download progress on stderr, a no-op (a stat check) once installed.
"$VENV/bin/python" -c "from ttbw.ttmlir.install import main; raise SystemExit(main())" > /dev/null \
  || { echo "ttbw: could not install the tt-mlir library (tt-lang==1.1.1)" >&2; exit 1; }
# The emulator runtime (emulator/runtime, C++): built here once per environment into
# .venv/share/ttbw/emulator, its translation units in parallel (progress on stderr), so no
# first call builds it; a stat check once built. Rebuilt only when its sources change.
"$VENV/bin/python" -c "from ttbw.execution.emulator.kernel_cache import main; raise SystemExit(main())" \
  || { echo "ttbw: building the emulator runtime failed" >&2; exit 1; }
# The ttir dialect: CMake (re)configures when CMakeLists.txt changes and rebuilds only
# what changed; compiler progress goes to stderr, nothing is printed when up to date.
# Configured every time (cheap once cached): a build/ configured by an older checkout gets
# the current targets.
[ -f "$ROOT/build/CMakeCache.txt" ] || echo "ttbw: configuring build/ (CMake, MLIR from the venv)" >&2
cmake -S "$ROOT" -B "$ROOT/build" -DPython3_EXECUTABLE="$VENV/bin/python" > "$ROOT/build.cmake.log" 2>&1 \
  || { cat "$ROOT/build.cmake.log" >&2; echo "ttbw: CMake configuration failed" >&2; exit 1; }
set +e
cmake --build "$ROOT/build" --target TTBWDialect --parallel 2 2>&1 | tee "$ROOT/build.dialect.log" \
  | { grep --line-buffered -E 'Building CXX|Linking' || true; } | sed -u 's/^/ttbw: dialect: /' >&2
status=${PIPESTATUS[0]}
set -e
if [ "$status" != 0 ]; then
  cat "$ROOT/build.dialect.log" >&2; echo "ttbw: building the ttir dialect failed" >&2; exit 1
fi
# Byte-compiled here because Python may be told not to write .pyc files itself
# (PYTHONDONTWRITEBYTECODE): it would then compile every module at each tool start, about a
# third of a small ttbw-opt run. Python still recompiles, in memory, a source edited since.
"$VENV/bin/python" -m compileall -q "$ROOT/python" "$ROOT/passes" "$ROOT/dialect" "$ROOT/tools" \
  "$ROOT/build/dialect" > /dev/null || { echo "ttbw: byte-compiling the sources failed" >&2; exit 1; }
export PATH="$VENV/bin:$PATH"
set +eu
