"""ttbw-translate: TTKernel IR -> C++ with the real tt-mlir (like ttmlir-translate).

  ttbw-translate --ttkernel-to-cpp FILE [-o OUT] [--split-input-file]

Writes the C++ of every kernel function (a func.func with `ttkernel.thread`), each preceded
by a header comment naming it. FILE may be '-' for stdin. On error: tt-mlir's diagnostics
with `file:line:col` on stderr, exit status 1, and no output file.
"""

from __future__ import annotations

import argparse
import os
import sys


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # usage errors exit 1 like the other failures
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(1)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ttbw-translate", description="Translate TTKernel IR with the real tt-mlir.")
    p.add_argument("input", help="input .mlir file ('-' for stdin)")
    p.add_argument("--ttkernel-to-cpp", action="store_true", required=True,
                   help="convert-ttkernel-to-emitc, then emit the C++ of every kernel")
    p.add_argument("-o", dest="output", default="-", help="output file (default: stdout)")
    p.add_argument("--split-input-file", action="store_true",
                   help="split the input at '// -----' and translate each chunk on its own (outputs "
                        "joined by '// -----'; a failing chunk does not hide the others)")
    return p


def render(kernels) -> str:
    parts = []
    for k in kernels:
        parts.append(f"// ===== kernel: {k.name} =====\n{k.cpp.rstrip()}\n")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    from ttbw.driver.interrupts import exit_on_signals

    return exit_on_signals(_run, argv)


def _run(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    from ttbw.driver.output_file import OutputError, write_stdout
    from ttbw.driver.source import split_source
    from ttbw.support.diagnostics import Diagnostic, SourceLoc
    from ttbw.support.parser_guard import read_source
    from ttbw.ttmlir import TTMLIRError, translate_kernels  # lazy: keeps --help fast
    from ttbw.ttmlir.install import InstallError

    name = "<stdin>" if args.input == "-" else args.input
    try:
        try:  # byte for byte, as ttbw-opt and ttbw-run read it (non-UTF-8 bytes may stand in comments)
            source = read_source(args.input)
        except OSError as exc:
            raise TTMLIRError([Diagnostic("error", SourceLoc(name, None, None),
                                          f"cannot read input: {exc.strerror or exc}")]) from None
        outputs, ok = [], True
        for first_line, chunk in split_source(source, args.split_input_file):
            try:  # padded: diagnostics carry the file's own line numbers
                outputs.append(render(translate_kernels("\n" * (first_line - 1) + chunk, name)))
            except TTMLIRError as exc:
                print(exc.format(), file=sys.stderr)
                outputs.append("")
                ok = False
        if not ok:
            if args.output == "-":
                write_stdout("// -----\n".join(outputs))
            return 1
        return _emit(args.output, outputs)
    except BrokenPipeError:  # the reader went away (`| head`): end quietly, as ttmlir-translate does
        from ttbw.driver.interrupts import end_by_sigpipe

        end_by_sigpipe()
    except TTMLIRError as exc:
        print(exc.format(), file=sys.stderr)
        return 1
    except (InstallError, OutputError, OSError) as exc:
        print(f"ttbw-translate: error: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # a bug: one line, no traceback (TTBW_DEBUG=1 shows it)
        if os.environ.get("TTBW_DEBUG") == "1":
            raise
        print(f"ttbw-translate: error: internal error: {type(exc).__name__}: {exc} "
              "(this is a ttbw bug; set TTBW_DEBUG=1 for a traceback)", file=sys.stderr)
        return 1


def _emit(output: str, outputs: list[str]) -> int:
    from ttbw.driver.output_file import write_output, write_stdout

    text = "// -----\n".join(outputs)
    write_stdout(text) if output == "-" else write_output(output, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
