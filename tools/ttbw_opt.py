"""ttbw-opt: the mlir-opt of ttbw (parse, verify, run passes, print).

    ttbw-opt [options] [input.mlir|-] [-o out.mlir]

Passes are given as flags (`--ttir-decompose-backward`, any upstream pass such as
`--canonicalize`) or as `--pass-pipeline='builtin.module(...)'`. MLIR itself is
imported only once there is IR to process, so `--help` starts fast.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

# Registering passes imports only their names, summaries and options.
import ttbw.passes.all  # noqa: F401  registers every ttbw pass and pipeline
from ttbw.driver.output_file import write_stdout
from ttbw.passes.registry import PASSES, PIPELINES
from ttbw.ttmlir import is_install_error

TOOL = "ttbw-opt"
BYTECODE_MAGIC = b"ML\xefR"


class UsageError(Exception):
    pass


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit with 2; tools here exit with 1
        raise UsageError(f"{message}. Try: '{TOOL} --help'")


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's, given the terminal width as `shutil.get_terminal_size` finds it, without
    importing shutil (and the compression modules it imports): argparse builds a formatter for
    every add_argument, so that import would cost every ttbw-opt start-up."""

    def __init__(self, prog):
        try:
            columns = int(os.environ.get("COLUMNS", ""))
        except ValueError:
            columns = 0
        if columns <= 0:
            try:
                columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
            except (AttributeError, ValueError, OSError):
                columns = 0
        super().__init__(prog, width=(columns or 80) - 2)


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
        prog=TOOL, formatter_class=_HelpFormatter,
        description="ttbw modular optimizer driver: parse, verify and transform ttir IR.",
        epilog=_help_epilog())
    parser.add_argument("input", nargs="?", default="-", help="input file (default: stdin)")
    parser.add_argument("-o", dest="output", default="-", metavar="FILE",
                        help="output file, written only on success (default: stdout)")
    parser.add_argument("--split-input-file", default=None, metavar="MARKER",
                        help="split the input at lines starting with MARKER (default '// -----') and "
                             "process each chunk separately (give MARKER as --split-input-file=MARKER)")
    parser.add_argument("--verify-diagnostics", action="store_true",
                        help="check that emitted diagnostics match expected-* comments")
    parser.add_argument("--pass-pipeline", metavar="PIPELINE",
                        help="a textual pipeline, e.g. 'builtin.module(ttir-decompose-backward,cse)'")
    parser.add_argument("--mlir-print-ir-after-all", action="store_true",
                        help="print the IR after every pass (to stderr)")
    parser.add_argument("--mlir-print-ir-before-all", action="store_true",
                        help="print the IR before every pass (to stderr)")
    parser.add_argument("--mlir-print-ir-after", action="append", default=[], metavar="PASS",
                        help="print the IR after the named passes (comma-separated, repeatable)")
    parser.add_argument("--mlir-print-ir-before", action="append", default=[], metavar="PASS",
                        help="print the IR before the named passes (comma-separated, repeatable)")
    parser.add_argument("--mlir-print-ir-after-change", action="store_true",
                        help="when printing the IR after a pass, only print if the IR changed")
    parser.add_argument("--mlir-print-ir-after-failure", action="store_true",
                        help="print the IR after a pass that failed")
    parser.add_argument("--mlir-print-ir-module-scope", action="store_true",
                        help="always print the top-level operation in IR dumps (ttbw's passes run on the "
                             "module: their dumps always do)")
    parser.add_argument("--mlir-print-ir-tree-dir", metavar="DIR",
                        help="write the IR dumps of --mlir-print-ir-* into a file tree under DIR instead of stderr")
    parser.add_argument("--log-actions-to", metavar="FILE",
                        help="log every action (a pass on an op, a rewrite iteration) to FILE, or stderr if '-'")
    parser.add_argument("--mlir-print-debuginfo", action="store_true",
                        help="print locations with the IR")
    parser.add_argument("--mlir-print-op-generic", action="store_true", help="print the generic op form")
    parser.add_argument("--mlir-print-local-scope", action="store_true",
                        help="print with local scope and inline information (no attribute / type aliases)")
    parser.add_argument("--mlir-print-value-users", action="store_true",
                        help="print the users of op results and block arguments as a comment (not in a module "
                             "of TTKernel / TTMetal, read in tt-mlir's context)")
    parser.add_argument("--mlir-elide-elementsattrs-if-larger", type=int, metavar="N",
                        help="elide ElementsAttrs with '...' that have more than N elements")
    parser.add_argument("--mlir-timing", action="store_true", help="display execution times (to stderr)")
    parser.add_argument("--mlir-pass-statistics", action="store_true",
                        help="display the statistics of each pass (to stderr)")
    parser.add_argument("--mlir-pass-pipeline-crash-reproducer", metavar="FILE",
                        help="when a pass fails, write a reproducer to FILE: the IR before the pipeline and the "
                             "pipeline (run it again with --run-reproducer)")
    parser.add_argument("--mlir-pass-pipeline-local-reproducer", action="store_true",
                        help="make the reproducer of the failing pass alone: the IR before it and that pass")
    parser.add_argument("--run-reproducer", action="store_true",
                        help="run the pipeline a reproducer file records, with its threading and verify-each")
    parser.add_argument("--dump-pass-pipeline", action="store_true",
                        help="print the pipeline that will be run (to stderr)")
    parser.add_argument("--verify-each", default="false", choices=["true", "false", "1", "0"],
                        metavar="BOOL", help="run the verifier after each pass (default: once, after the last "
                                             "pass; parsing verifies the input)")
    parser.add_argument("--no-implicit-module", action="store_true",
                        help="no implicit top-level module: the source's single top-level op is the top")
    parser.add_argument("--verify-roundtrip", action="store_true",
                        help="round-trip the IR after parsing (text, then bytecode) and check it reads back the same")
    parser.add_argument("--emit-bytecode", action="store_true", help="emit MLIR bytecode instead of text")
    parser.add_argument("--list-passes", action="store_true", help="print the list of registered passes and exit")
    parser.add_argument("--show-dialects", action="store_true",
                        help="print the list of registered dialects and exit")
    parser.add_argument("--mlir-disable-threading", action="store_true",
                        help="disable multi-threading in MLIR")
    parser.add_argument("--allow-unregistered-dialect", action="store_true",
                        help="accept operations of unregistered dialects")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return parser


# Options whose value is optional: only `--name=value` gives one (as LLVM's cl::ValueOptional),
# so `--split-input-file in.mlir` keeps in.mlir as the input.
_OPTIONAL_VALUE = {"--split-input-file": "// -----", "--verify-each": "true"}  # name -> value when bare


def _split_pass_flags(parser, argv: list[str]) -> tuple[list[str], list[str]]:
    """Separates pass flags (`--name[=options]`, in order) from the tool's own
    arguments. Done by hand: argparse's parse_known_args mis-assigns an
    optional positional that follows unknown flags. Single-dash spellings (`-cse`,
    `-pass-pipeline=...`) mean what the double-dash ones do, as in mlir-opt."""
    known = parser._option_string_actions
    own, passes, i = [], [], 0
    while i < len(argv):
        token = argv[i]
        if token.startswith("-") and not token.startswith("--") and len(token) > 2 \
                and token.split("=", 1)[0] not in known:
            token = "-" + token  # -cse -> --cse
        name = token.split("=", 1)[0]
        if name in _OPTIONAL_VALUE:
            own.append(token if "=" in token else f"{name}={_OPTIONAL_VALUE[name]}")
        elif token.startswith("-") and token != "-" and name not in known:
            if not token.startswith("--") or len(token) == 2:
                raise UsageError(f"Unknown command line argument '{token}'.  Try: '{TOOL} --help'")
            passes.append(token)
        else:
            own.append(token)
            action = known.get(name)
            if action is not None and action.nargs is None and "=" not in token and i + 1 < len(argv):
                own.append(argv[i + 1])  # the option's value, even if it starts with '-'
                i += 1
        i += 1
    return own, passes


def _list_passes() -> str:
    """ttbw's passes and pipelines in mlir-opt's --list-passes format, then the upstream passes
    (those of the MLIR the bindings carry, as its own mlir-opt lists them)."""
    lines = ["Passes:"]
    for info in list(PASSES.values()) + list(PIPELINES.values()):
        lines.append(f"  {('--' + info.argument):<50}-   {info.summary}")
        for option in info.options:
            lines.append(f"    {f'--{option.name}=<{option.kind.__name__}>':<48}- {option.help}")
    lines += [line for line in _upstream_tool_output("--list-passes").splitlines() if line != "Passes:"]
    return "\n".join(lines) + "\n"


def _show_dialects() -> str:
    """mlir-opt's --show-dialects: the dialects ttbw-opt reads (MLIR's own, as the bindings
    register them, ttbw's ttir, and tt-mlir's, read in tt-mlir's context)."""
    from ttbw.dialect import make_context
    from ttbw.ttmlir.dialects import FOREIGN_DIALECTS, TTMLIR_DIALECTS

    context = make_context()
    names = {"ttir", *FOREIGN_DIALECTS, *TTMLIR_DIALECTS}
    for name in _upstream_tool_output("--show-dialects").split(":", 1)[-1].strip().split(","):
        try:
            context.get_dialect_descriptor(name)
            names.add(name)
        except ValueError:
            pass
    return "Available Dialects: " + ",".join(sorted(names)) + "\n"


def _upstream_tool_output(flag: str) -> str:
    """What the pinned MLIR's own mlir-opt (same version as the bindings) prints for `flag`."""
    import subprocess
    from pathlib import Path

    import mlir

    tool = Path(mlir.__path__[0]) / "bin" / "mlir-opt"
    result = subprocess.run([str(tool), flag], capture_output=True, text=True)
    if result.returncode != 0:
        raise UsageError(f"{flag}: could not run {tool}: {result.stderr.strip()}")
    return result.stdout


def _version() -> str:
    from importlib.metadata import version

    return (f"{TOOL} {version('ttbw')} (ttbw)\n"
            f"  MLIR python bindings {version('xtc-mlir-python-bindings')}")


def main(argv: list[str] | None = None) -> int:
    from ttbw.driver.interrupts import exit_on_signals

    return exit_on_signals(_run, sys.argv[1:] if argv is None else argv)


def _run(argv: list[str]) -> int:
    from ttbw.driver.output_file import OutputError

    try:
        code = _main(argv)
    except (UsageError, OutputError) as error:
        print(f"{TOOL}: {error}", file=sys.stderr)
        code = 1
    except BrokenPipeError:  # the reader went away (`| head`): end quietly, as mlir-opt does
        from ttbw.driver.interrupts import end_by_sigpipe

        end_by_sigpipe()
    except Exception as error:
        if is_install_error(error):
            print(f"{TOOL}: error: {error}", file=sys.stderr)
        elif os.environ.get("TTBW_DEBUG") == "1":
            raise
        else:  # a bug: one line, no traceback (TTBW_DEBUG=1 shows it)
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
    if args.list_passes or args.show_dialects:
        write_stdout(_list_passes() if args.list_passes else _show_dialects())
        return 0
    if pass_flags and args.pass_pipeline is not None:
        raise UsageError("--pass-pipeline cannot be combined with pass flags "
                         f"({', '.join(pass_flags)}); put every pass in the pipeline")
    if args.mlir_print_ir_module_scope and not args.mlir_disable_threading:  # MLIR aborts otherwise
        raise UsageError("IR print for module scope can't be setup on a pass-manager without disabling "
                         "multi-threading first (add --mlir-disable-threading)")
    if args.emit_bytecode and args.split_input_file is not None:
        raise UsageError("--emit-bytecode writes one module; it cannot be combined with --split-input-file")

    name = "<stdin>" if args.input == "-" else args.input
    try:
        if args.input == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(args.input, "rb") as fh:
                raw = fh.read()
    except OSError as error:
        raise UsageError(f"could not open input file '{args.input}': {error}") from None
    if raw.startswith(BYTECODE_MAGIC):
        if args.split_input_file is not None or args.verify_diagnostics:
            raise UsageError("the input is MLIR bytecode: --split-input-file and --verify-diagnostics need text")
        text = raw
    else:  # undecodable bytes (e.g. in a comment) travel through unchanged, as mlir-opt reads them
        from ttbw.support.parser_guard import decode

        text = decode(raw)

    pipeline, threading, verify_each = (args.pass_pipeline, not args.mlir_disable_threading,
                                        args.verify_each in ("true", "1"))
    if args.run_reproducer:
        pipeline, threading, verify_each = _reproducer_settings(text, pass_flags or args.pass_pipeline is not None,
                                                                (pipeline, threading, verify_each))
    _import_mlir_without_numpy()
    from ttbw.driver.instrumentation import Instrumentation, PrintFlags
    from ttbw.driver.opt import Driver

    def passes(flag_all: bool, named: list[str]):
        return Instrumentation.ALL if flag_all else frozenset(p for item in named for p in item.split(",") if p)

    flags = PrintFlags(debuginfo=args.mlir_print_debuginfo, generic=args.mlir_print_op_generic,
                       local_scope=args.mlir_print_local_scope, elide_limit=args.mlir_elide_elementsattrs_if_larger,
                       value_users=args.mlir_print_value_users)
    trace = Instrumentation(flags, before=passes(args.mlir_print_ir_before_all, args.mlir_print_ir_before),
                            after=passes(args.mlir_print_ir_after_all, args.mlir_print_ir_after),
                            after_change=args.mlir_print_ir_after_change,
                            after_failure=args.mlir_print_ir_after_failure,
                            module_scope=args.mlir_print_ir_module_scope, timing=args.mlir_timing,
                            statistics=args.mlir_pass_statistics, tree_dir=args.mlir_print_ir_tree_dir)
    action_fd = _action_log(args.log_actions_to)
    driver = Driver(name=name, instrumentation=trace, allow_unregistered=args.allow_unregistered_dialect,
                    threading=threading, verify_each=verify_each,
                    split_marker=args.split_input_file, dump_pipeline=args.dump_pass_pipeline,
                    bytecode=args.emit_bytecode, reproducer=args.mlir_pass_pipeline_crash_reproducer,
                    local_reproducer=args.mlir_pass_pipeline_local_reproducer,
                    verify_roundtrip=args.verify_roundtrip, implicit_module=not args.no_implicit_module,
                    action_fd=action_fd)
    ok, outputs = driver.run(text, pipeline, pass_flags, verify_diagnostics=args.verify_diagnostics)
    started = time.perf_counter()
    if args.output == "-" and not args.emit_bytecode:
        # as mlir-opt: the chunks that worked are printed even when another one failed
        write_stdout("// -----\n".join(o or "" for o in outputs))
    elif ok and outputs:
        _write_output(args.output, outputs[0] if args.emit_bytecode else "// -----\n".join(outputs))
    trace.report(driver.parse_seconds, time.perf_counter() - started)
    if trace.tree is not None and trace.tree.error is not None:
        print(f"{TOOL}: error: --mlir-print-ir-tree-dir: {trace.tree.error}", file=sys.stderr)
        return 1
    return 0 if ok else 1


def _action_log(path: str | None) -> int | None:
    """The file descriptor --log-actions-to writes to (stderr for '-'), opened for the run."""
    if path is None:
        return None
    if path == "-":
        sys.stderr.flush()
        return 2
    try:
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o666)
    except OSError as error:
        raise UsageError(f"--log-actions-to: cannot open '{path}': {error.strerror}") from None


def _reproducer_settings(text, passes_given: bool, defaults: tuple) -> tuple:
    """(pipeline, threading, verify_each) of --run-reproducer: the reproducer's own, or, for a
    file that records none, `defaults` (as mlir-opt: no pass runs)."""
    from ttbw.driver.reproducer import read_settings

    if passes_given:
        raise UsageError("--run-reproducer runs the pipeline the reproducer records; it cannot be combined "
                         "with passes or --pass-pipeline")
    try:
        settings = read_settings(text if isinstance(text, str) else "")
    except ValueError as error:
        raise UsageError(f"--run-reproducer: {error}") from None
    if settings is None:
        return defaults
    return settings.pipeline, not settings.disable_threading, settings.verify_each


def _import_mlir_without_numpy() -> None:
    """mlir.ir imports numpy (about 0.1 s, a third of a small run) only to register the
    F64/I32/I64/Index ElementsAttr builders of tosa, shape and affine ops, which ttbw-opt never
    builds: it imports mlir.ir with numpy hidden. numpy stays importable (the lowering uses it)."""
    if "mlir.ir" in sys.modules or "numpy" in sys.modules:
        return
    sys.modules["numpy"] = None  # `import numpy` raises ImportError, which mlir.ir expects
    try:
        import mlir.ir  # noqa: F401
    finally:
        del sys.modules["numpy"]


def _write_output(path: str, data: str | bytes) -> None:
    if path == "-":
        write_stdout(data)
    else:
        from ttbw.driver.output_file import write_output

        write_output(path, data)


if __name__ == "__main__":
    sys.exit(main())
