#!/usr/bin/env bash
# Runs every test (lit + pytest). Sets up .venv and build/ first, idempotently.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup-env.sh"
set -euo pipefail
cmake --build "$ROOT/build" --target check
