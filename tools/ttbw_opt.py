"""ttbw-opt: the mlir-opt of ttbw (parse, verify, run passes, print).

    ttbw-opt [options] [input.mlir|-] [-o out.mlir]

Passes are given as flags (`--ttir-decompose-mul-bw`, any upstream pass such as
`--canonicalize`) or as `--pass-pipeline='builtin.module(...)'`. MLIR itself is
imported only once there is IR to process, so `--help` starts fast.
"""
from __future__ import annotations

import argparse
import os
import sys

# Registering passes imports only their names, summaries and options.
import ttbw.passes.all  # noqa: F401  registers every ttbw pass and pipeline
from ttbw.passes.registry import PASSES, PIPELINES

TOOL = "ttbw-opt"


class UsageError(Exception):
    pass


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit with 2; tools here exit with 1
        raise UsageError(f"{message}. Try: '{TOOL} --help'")


def _help_epilog() -> str:
    def describe(info) -> list[str]:
        lines = [f"  --{info.argument:<40} {info.summary}"]
        for option in info.options:
            default = str(option.default).lower() if option.kind is bool else option.default
            lines.append(f"      {option.name}={option.kind.__name__:<32} {option.help} (default: {default})")
        return lines

    lines = ["ttbw passes:"]
    for p in PASSES.values():
        lines += describe(p)
    lines.append("ttbw pipelines:")
    for p in PIPELINES.values():
        lines += describe(p)
    lines.append("Upstream MLIR passes (e.g. --canonicalize, --cse, --symbol-dce) are accepted as\n"
                 "flags and inside --pass-pipeline, with their usual {option=value} syntax.")
    return "\n".join(lines)


def _argument_parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog=TOOL, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="ttbw modular optimizer driver: parse, verify and transform ttir IR.",
        epilog=_help_epilog())
    parser.add_argument("input", nargs="?", default="-", help="input file (default: stdin)")
    parser.add_argument("-o", dest="output", default="-", metavar="FILE",
                        help="output file, written only on success (default: stdout)")
    parser.add_argument("--split-input-file", action="store_true",
                        help="split the input at '// -----' and process each chunk separately")
    parser.add_argument("--verify-diagnostics", action="store_true",
                        help="check that emitted diagnostics match expected-* comments")
    parser.add_argument("--pass-pipeline", metavar="PIPELINE",
                        help="a textual pipeline, e.g. 'builtin.module(ttir-decompose-mul-bw,cse)'")
    parser.add_argument("--mlir-print-ir-after-all", action="store_true",
                        help="print the IR after every pass (to stderr)")
    parser.add_argument("--mlir-print-ir-before-all", action="store_true",
                        help="print the IR before every pass (to stderr)")
    parser.add_argument("--mlir-print-debuginfo", action="store_true",
                        help="print locations with the IR")
    parser.add_argument("--mlir-disable-threading", action="store_true",
                        help="disable multi-threading in MLIR")
    parser.add_argument("--allow-unregistered-dialect", action="store_true",
                        help="accept operations of unregistered dialects")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return parser


def _split_pass_flags(parser, argv: list[str]) -> tuple[list[str], list[str]]:
    """Separates pass flags (`--name[=options]`, in order) from the tool's own
    arguments. Done by hand: argparse's parse_known_args mis-assigns an
    optional positional that follows unknown flags."""
    known = parser._option_string_actions
    own, passes, i = [], [], 0
    while i < len(argv):
        token = argv[i]
        name = token.split("=", 1)[0]
        if token.startswith("-") and token != "-" and name not in known:
            if not token.startswith("--") or len(token) == 2:
                raise UsageError(f"Unknown command line argument '{token}'. Try: '{TOOL} --help'")
            passes.append(token)
        else:
            own.append(token)
            action = known.get(name)
            if action is not None and action.nargs is None and "=" not in token and i + 1 < len(argv):
                own.append(argv[i + 1])  # the option's value, even if it starts with '-'
                i += 1
        i += 1
    return own, passes


def _version() -> str:
    from importlib.metadata import version

    return (f"{TOOL} {version('ttbw')} (ttbw)\n"
            f"  MLIR python bindings {version('xtc-mlir-python-bindings')}")


def main(argv: list[str] | None = None) -> int:
    from ttbw.interrupts import exit_on_signals

    return exit_on_signals(_run, sys.argv[1:] if argv is None else argv)


def _run(argv: list[str]) -> int:
    from ttbw.output_file import OutputError

    try:
        code = _main(argv)
    except (UsageError, OutputError) as error:
        print(f"{TOOL}: {error}", file=sys.stderr)
        code = 1
    except BrokenPipeError:
        code = 1
    except Exception as error:  # a bug: one line, no traceback (TTBW_DEBUG=1 shows it)
        if os.environ.get("TTBW_DEBUG") == "1":
            raise
        print(f"{TOOL}: error: internal error: {type(error).__name__}: {error} "
              "(this is a ttbw bug; set TTBW_DEBUG=1 for a traceback)", file=sys.stderr)
        code = 1
    sys.stdout.flush()
    return code


def _main(argv: list[str]) -> int:
    parser = _argument_parser()
    own, pass_flags = _split_pass_flags(parser, argv)
    args = parser.parse_args(own)
    if args.version:
        print(_version())
        return 0
    if pass_flags and args.pass_pipeline is not None:
        raise UsageError("--pass-pipeline cannot be combined with pass flags "
                         f"({', '.join(pass_flags)}); put every pass in the pipeline")

    name = "<stdin>" if args.input == "-" else args.input
    try:
        if args.input == "-":
            text = sys.stdin.buffer.read().decode("utf-8")  # strict, as for a file
        else:
            with open(args.input, encoding="utf-8") as source:
                text = source.read()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"could not open input file '{args.input}': {error}") from None

    from ttbw.opt_driver import Driver

    driver = Driver(name=name, print_debuginfo=args.mlir_print_debuginfo,
                    print_after_all=args.mlir_print_ir_after_all,
                    print_before_all=args.mlir_print_ir_before_all,
                    allow_unregistered=args.allow_unregistered_dialect,
                    threading=not args.mlir_disable_threading)
    ok, output = driver.run(text, args.pass_pipeline, pass_flags, split=args.split_input_file,
                            verify_diagnostics=args.verify_diagnostics)
    if not ok:
        return 1
    _write_output(args.output, output)
    return 0


def _write_output(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
    else:
        from ttbw.output_file import write_output

        write_output(path, text)


if __name__ == "__main__":
    sys.exit(main())
