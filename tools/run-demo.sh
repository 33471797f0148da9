#!/usr/bin/env bash
# The main job: compiles every example in examples/ through every stage and runs it.
# Sets up .venv and build/ first, idempotently.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup-env.sh"
set -euo pipefail
cmake -S "$ROOT" -B "$ROOT/build" -DPython3_EXECUTABLE="$VENV/bin/python" > "$ROOT/build.cmake.log" 2>&1 \
  || { cat "$ROOT/build.cmake.log" >&2; exit 1; }
cmake --build "$ROOT/build" --target demo
