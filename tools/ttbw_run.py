"""ttbw-run: execute a compiled module on the emulated device (ttbw's mlir-runner / ttrt).

    ttbw-opt --ttir-to-tensix-pipeline f.mlir -o f.tensix.mlir
    ttbw-run f.tensix.mlir grad.npy a.npy b.npy [--function f] [-o DIR]

The module is loaded exactly as ttbw-opt wrote it (`ttbw.execution.executor.load`: its program
modules' kernels translated by tt-mlir, compiled with g++, run with the host program the
module describes). One INPUT per function argument:
  PATH.npy     a tensor of the argument's shape (any float dtype; rounded to the argument's)
  NUMBER       a scalar argument's value, or a tensor argument filled with it
  random:SEED  a tensor argument of seeded standard-normal values
Each result is printed (`result K: TYPE` and its values); with `-o DIR` also saved as
DIR/result_K.npy (float32 holding the result's values).
"""
from __future__ import annotations

import argparse
import math
import os
import sys

from ttbw.execution.emulator.errors import EmulatorError

TOOL = "ttbw-run"


class UsageError(Exception):
    pass


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit with 2; tools here exit with 1
        raise UsageError(f"{message}. Try: '{TOOL} --help'")


def _argument_parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(prog=TOOL, formatter_class=argparse.RawDescriptionHelpFormatter,
                             description=__doc__.split("\n\n", 1)[1])
    parser.add_argument("input", help="compiled module (ttbw-opt --ttir-to-tensix-pipeline output; '-': stdin)")
    parser.add_argument("args", nargs="*", metavar="INPUT", help="one per function argument (see above)")
    parser.add_argument("--function", metavar="NAME", help="the function to run (default: the only one)")
    parser.add_argument("--grid", metavar="COLSxROWS", help="device grid (default: the program's)")
    parser.add_argument("-o", dest="output_dir", metavar="DIR", help="also save each result as DIR/result_K.npy")
    parser.add_argument("--no-print", action="store_true", help="do not print the results")
    return parser


def _read(path: str) -> str:
    """The module's text, read as ttbw-opt reads it (`read_source`: bytes that are not UTF-8 may
    stand in comments; the parse refuses them elsewhere)."""
    from ttbw.support.parser_guard import read_source

    try:
        return read_source(path)
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror or exc}") from None


def _input(spec: str, index: int, type_text: str, shape: tuple):
    """The host value of argument `index` from its command-line spec."""
    import numpy as np

    tensor = type_text.startswith(("memref<", "tensor<"))
    if spec.startswith("random:"):
        try:
            seed = int(spec[len("random:"):])
        except ValueError:
            raise UsageError(f"input {index}: 'random:SEED' needs an integer seed, got '{spec}'") from None
        if not tensor:
            raise UsageError(f"input {index}: argument {index} is a scalar ({type_text}); give a number")
        return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
    try:
        value = float(spec)
    except ValueError:
        value = None
    if value is not None:
        return np.full(shape, value, dtype=np.float32) if tensor else value
    if not tensor:
        raise UsageError(f"input {index}: argument {index} is a scalar ({type_text}); give a number, got '{spec}'")
    try:
        array = np.load(spec, allow_pickle=False)
    except (OSError, ValueError) as exc:
        raise UsageError(f"input {index}: cannot load '{spec}' as .npy: {exc}") from None
    if array.dtype.kind not in "fiu" and array.dtype.name != "bfloat16":
        raise UsageError(f"input {index}: '{spec}' holds {array.dtype}, not numbers")
    if tuple(array.shape) != shape:
        raise UsageError(f"input {index}: '{spec}' has shape {list(array.shape)}; argument {index} "
                         f"is {type_text}")
    return array.astype(np.float32)


def _input_bytes(spec: str, shape: tuple) -> int:
    """Host bytes making an input takes: float32 values (random ones drawn as float64 first)."""
    return (12 if spec.startswith("random:") else 4) * math.prod(shape)


def _save(directory: str, k: int, value) -> None:
    """result_K.npy, written as ttbw-opt writes -o (atomically, never a partial or temp file)."""
    import io

    import numpy as np

    from ttbw.driver.output_file import write_output

    if os.path.exists(directory) and not os.path.isdir(directory):
        raise UsageError(f"-o: '{directory}' is a file; -o names a folder for the result_K.npy files")
    os.makedirs(directory, exist_ok=True)
    data = io.BytesIO()
    np.save(data, value)
    write_output(os.path.join(directory, f"result_{k}.npy"), data.getvalue())


def run(argv: list[str]) -> int:
    args = _argument_parser().parse_args(argv)
    import numpy as np

    from ttbw.driver.output_file import write_stdout
    from ttbw.execution.executor import ExecutionError, load
    from ttbw.target.device_model import parse_grid

    grid = None
    if args.grid is not None:
        try:
            grid = parse_grid(args.grid)
        except ValueError as exc:
            raise UsageError(f"--grid: {exc}") from None
    name = "<stdin>" if args.input == "-" else args.input
    executable = load(_read(args.input), name)
    function = executable.function(args.function)
    shapes = function.argument_shapes
    if len(args.args) != len(function.arguments):
        raise ExecutionError(f"@{function.name} takes {len(function.arguments)} arguments "
                             f"({', '.join(function.arguments)}); {len(args.args)} given")
    function.check_fits(grid, sum(_input_bytes(spec, s) for spec, s in zip(args.args, shapes)))
    inputs = [_input(spec, i, t, s) for i, (spec, t, s) in enumerate(zip(args.args, function.arguments, shapes))]
    outputs, _stats = executable.run(function.name, inputs, grid)
    for k, (value, type_text) in enumerate(zip(outputs, function.result_types)):
        if not args.no_print:
            text = np.array2string(np.asarray(value), separator=", ", precision=8, floatmode="maxprec")
            write_stdout(f"result {k}: {type_text}\n{text}\n")
        if args.output_dir:
            _save(args.output_dir, k, np.asarray(value, dtype=np.float32))
    return 0


def main(argv: list[str] | None = None) -> int:
    from ttbw.driver.interrupts import exit_on_signals

    return exit_on_signals(_main, sys.argv[1:] if argv is None else argv)


def _main(argv: list[str]) -> int:
    from ttbw.driver.output_file import OutputError
    from ttbw.ttmlir.install import InstallError

    from ttbw.support.diagnostics import DiagnosticError

    try:
        return run(argv)
    except BrokenPipeError:  # the reader went away (`| head`): end quietly, as `cat` does
        from ttbw.driver.interrupts import end_by_sigpipe

        end_by_sigpipe()
    except DiagnosticError as error:  # located: file:line:col: error: ...
        print(error, file=sys.stderr)
    except (UsageError, OutputError, InstallError) as error:
        print(f"{TOOL}: error: {error}", file=sys.stderr)
    except ValueError as error:  # ExecutionError: a module or inputs that do not fit
        print(f"{TOOL}: error: {error}", file=sys.stderr)
    except EmulatorError as error:  # a kernel fault, deadlock or L1 overflow on the device
        print(f"{TOOL}: error: the emulated device: {error}", file=sys.stderr)
    except OSError as error:
        print(f"{TOOL}: error: {error}", file=sys.stderr)
    except Exception as error:  # noqa: BLE001 -- a bug: say so, never a traceback
        print(f"{TOOL}: internal error: {type(error).__name__}: {error}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
