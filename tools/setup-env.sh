#!/usr/bin/env bash
# Creates (once) the project's virtual environment in .venv and installs the project
# into it. Re-running is cheap: nothing is reinstalled unless pyproject.toml changed.
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
  "$VENV/bin/python" -m pip install --disable-pip-version-check -e "$ROOT[test]" > "$VENV/pip.log" 2>&1 \
    || { tail -n 30 "$VENV/pip.log" >&2; echo "ttbw: install failed (log: $VENV/pip.log)" >&2; exit 1; }
  echo "$want" > "$stamp"
fi
export PATH="$VENV/bin:$PATH"
set +eu
