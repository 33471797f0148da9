"""The compiler driver: reading modules (`source`), running pipelines from Python (`compiler`:
`ttbw.compile`, `run_on_device`), and what the tools share: ttbw-opt's driver (`opt`),
`--verify-diagnostics`, IR dumps, output files, interrupts."""
