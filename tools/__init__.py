"""ttbw's command-line tools (console scripts ttbw-opt, ttbw-translate, ttbw-run)."""
import os as _os
import sys as _sys

# Run as a console script: termination signals end the tool cleanly from here on, before its
# module imports MLIR, numpy and the passes (a signal landing in those imports included).
if _sys.argv and _os.path.basename(_sys.argv[0]) in ("ttbw-opt", "ttbw-translate", "ttbw-run"):
    from ttbw.driver.interrupts import install as _install

    _install(_os.path.basename(_sys.argv[0]))
