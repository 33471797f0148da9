"""The mutation fuzzer of ttbw-opt (every pass configuration the lit tests use),
ttbw-translate and ttbw-run (mutated lowered modules with edge-value inputs), over the lit inputs. Each case: pick a configuration and an input, mutate it,
run the real tool's `main` in a forked child, judge the result (`oracle.tool_failure`); for
ttbw-opt, what it accepts and prints must parse again.
"""
from __future__ import annotations

import random
import shlex
from dataclasses import dataclass
from pathlib import Path

from forked import run_forked
from mutate import mutate
from oracle import tool_failure

TEST_DIR = Path(__file__).resolve().parents[1]
TTIR_FOLDERS = ("Conversion", "Dialect", "Transforms", "Pipelines", "ttbw-opt")
TIMEOUT = 120.0
# Flags that print something else than the input's IR (and ignore the input).
NOT_PASS_CONFIGURATIONS = ("--version", "--help", "--list-passes", "--show-dialects")
# Configurations whose stdout is not (only) the printed IR.
NOT_REPARSED = {"--verify-diagnostics", "--mlir-print-ir-after-all", "--mlir-print-ir-before-all", "--emit-bytecode"}


@dataclass(frozen=True)
class Config:
    tool: str
    flags: tuple[str, ...]
    home: str  # the lit file this configuration comes from

    def label(self) -> str:
        return " ".join([self.tool, *self.flags]) or self.tool


def lit_inputs() -> dict[str, str]:
    files = [p for folder in TTIR_FOLDERS for p in sorted((TEST_DIR / folder).rglob("*.mlir"))]
    return {str(p.relative_to(TEST_DIR)): p.read_text(errors="surrogateescape") for p in files}


def translate_inputs() -> dict[str, str]:
    return {str(p.relative_to(TEST_DIR)): p.read_text() for p in sorted((TEST_DIR / "Translate").glob("*.mlir"))}


def opt_configs(inputs: dict[str, str]) -> list[Config]:
    """The distinct ttbw-opt flag sets of the lit RUN lines (output redirections dropped)."""
    seen: dict[tuple[str, ...], Config] = {(): Config("ttbw-opt", (), "")}
    for name, text in inputs.items():
        for line in text.splitlines():
            if "RUN:" not in line or "ttbw-opt" not in line:
                continue
            command = line.split("RUN:", 1)[1]
            for segment in command.split("|"):
                words = _words(segment)
                if "ttbw-opt" not in words:
                    continue
                flags, skip = [], False
                for word in words[words.index("ttbw-opt") + 1:]:
                    if skip:
                        skip = False
                    elif word in ("-o", "<", ">", "2>", "2>&1") or word.startswith(("2>", ">")):
                        skip = word in ("-o", "<", ">", "2>")
                    elif word.startswith("--") and word not in NOT_PASS_CONFIGURATIONS:
                        flags.append(word)
                seen.setdefault(tuple(flags), Config("ttbw-opt", tuple(flags), name))
    return list(seen.values())


def _words(segment: str) -> list[str]:
    try:
        return shlex.split(segment)
    except ValueError:
        return segment.split()


# ttbw-run's inputs: numbers (edge values too), seeded random tensors, files that are not there
RUN_INPUTS = ("1", "-2.5", "0", "inf", "-inf", "nan", "3e38", "1e-40", "random:7", "random:x", "missing.npy")


def _run_tool(tool: str, argv: list[str]) -> int:
    if tool == "ttbw-opt":
        from ttbw.tools.ttbw_opt import main
    elif tool == "ttbw-run":
        from ttbw.tools.ttbw_run import main
    else:
        from ttbw.tools.ttbw_translate import main
    return main(argv)


def ttkernel_inputs(inputs: dict[str, str], work: Path, limit: int) -> dict[str, str]:
    """TTKernel modules for ttbw-translate, made by ttbw-opt from lit inputs (fused and not)."""
    made = {}
    sources = [n for n in inputs if n.startswith("Pipelines/TTIRToTensix") and "negative" not in n][:limit]
    for i, name in enumerate(sources):
        flags = ["--ttir-to-tensix-pipeline" + ("=fuse=false" if i % 3 == 2 else "")]
        path = work / f"source-{i}.mlir"
        path.write_text(inputs[name].split("// -----")[0])
        done = run_forked(_run_tool, "ttbw-opt", [str(path), *flags], timeout=TIMEOUT)
        if done.status == 0 and done.stdout.strip():
            made[f"{name} {' '.join(flags)}"] = done.stdout
    return made


class ToolFuzzer:
    def __init__(self, work: Path, record, translate_limit: int = 6):
        self.work, self.record = work, record
        self.inputs = lit_inputs()
        self.configs = opt_configs(self.inputs)
        self.checked: set[Config] = set()  # configurations found valid (checked on first use)
        self.kernels = translate_inputs()
        self.lowered: dict[str, str] = {}  # what --ttir-to-tensix-pipeline makes of lit inputs
        self.translate_limit = translate_limit
        self.corpus = list(self.inputs.values()) + list(self.kernels.values())

    def _valid(self, config: Config) -> bool:
        """Lit also tests bad pipelines (`not ttbw-opt --no-such-pass`): those are no configuration."""
        path = self.work / "empty.mlir"
        path.write_text("module {\n}\n")
        return run_forked(_run_tool, config.tool, [*self._flags(config), str(path)], timeout=TIMEOUT).status == 0

    def _flags(self, config: Config) -> list[str]:
        """The configuration's flags with lit's %t (an output path, e.g. --log-actions-to=%t.log) in
        the work folder: never a file named '%t.log' in the working directory."""
        return [flag.replace("%t", str(self.work / "lit-t")) for flag in config.flags]

    def case(self, rng: random.Random) -> None:
        draw, extra = rng.random(), []
        if draw < 0.3:
            if self.translate_limit:  # made on first use
                self.lowered.update(ttkernel_inputs(self.inputs, self.work, self.translate_limit))
                self.kernels.update(self.lowered)
                self.corpus += list(self.lowered.values())
                self.translate_limit = 0
        if draw < 0.15 and self.lowered:  # a mutated lowered module run on the emulated device
            config = Config("ttbw-run", ("--no-print",), "")
            source = rng.choice(sorted(self.lowered))
            text = self.lowered[source]
            extra = [rng.choice(RUN_INPUTS) for _ in range(rng.choice((1, 2, 3, 3, 3, 4)))]
        elif draw < 0.3:
            config = Config("ttbw-translate", ("--ttkernel-to-cpp",), "")
            source = rng.choice(sorted(self.kernels))
            text = self.kernels[source]
        else:
            config = rng.choice(self.configs)
            while config not in self.checked:
                if self._valid(config):
                    self.checked.add(config)
                else:
                    self.configs.remove(config)
                    config = rng.choice(self.configs)
            source = config.home if config.home and rng.random() < 0.5 else rng.choice(sorted(self.inputs))
            text = self.inputs[source]
        text = mutate(rng, text, self.corpus)
        path = self.work / "case.mlir"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        stdin = rng.random() < 0.1  # sometimes through stdin, located as <stdin>
        argv = [*self._flags(config), "-" if stdin else str(path), *extra]
        outcome = run_forked(_run_tool, config.tool, argv, timeout=TIMEOUT,
                             stdin=text.encode("utf-8", "surrogateescape") if stdin else b"")
        failure = tool_failure(outcome, "<stdin>" if stdin else str(path),
                               "ttbw-run: error: " if config.tool == "ttbw-run" else None)
        if failure is None and config.tool == "ttbw-opt" and outcome.status == 0 and rng.random() < 0.3 \
                and not NOT_REPARSED & set(config.flags):
            failure = self._reparse(outcome.stdout)
        self.record(config.label(), failure, {"tool": config.tool, "argv": argv, "source": source, "input": text,
                                              "stderr": outcome.stderr[-4000:]})

    def _reparse(self, printed: str):
        path = self.work / "printed.mlir"
        path.write_text(printed)
        again = run_forked(_run_tool, "ttbw-opt", ["--split-input-file", str(path)],
                           timeout=TIMEOUT)
        if again.status != 0:
            first = next((line for line in again.stderr.splitlines() if "error" in line), again.stderr[:200])
            from oracle import normalize
            return "printed output does not parse", normalize(first)
        return None
