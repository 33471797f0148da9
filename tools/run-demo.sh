#!/usr/bin/env bash
# The main job: compiles every example in examples/ through every stage and runs it.
# Sets up .venv and build/ (the dialect included) first, idempotently.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup-env.sh"
set -euo pipefail
cmake --build "$ROOT/build" --target demo
