"""Registers every ttbw pass and named pipeline (names, summaries, options only)."""
from ttbw.target.device_model import parse_grid

from .registry import Option, PassInfo, PipelineInfo, Statistic, register_pass, register_pipeline

register_pass(PassInfo(
    "ttir-decompose-backward",
    "Decompose the backward ops (ttir.mul_bw, ttir.add_bw, ...) into TTIR by their derivative rules",
    "ttbw.passes.decompose_backward",
    statistics=(Statistic("num-decomposed", "Number of backward ops decomposed"),
                Statistic("num-replayed", "Number of them decomposed as a copy of an equal op's decomposition"))))
register_pass(PassInfo(
    "ttir-reduce-broadcast-grads",
    "Reduce broadcast gradients to their operand's shape (sum keep_dim + reshape) and data type",
    "ttbw.passes.reduce_broadcast_grads",
    statistics=(Statistic("num-reduced", "Number of broadcast gradients reduced to their operand's shape"),)))
register_pass(PassInfo(
    "ttir-expand-complex",
    "Expand complex tensors into (real, imag) pairs of real tensors, as ttnn's ComplexTensor",
    "ttbw.passes.expand_complex",
    statistics=(Statistic("num-functions", "Number of functions whose complex tensors were expanded"),
                Statistic("num-ops", "Number of ops on complex tensors expanded"))))
register_pipeline(PipelineInfo(
    "ttir-backward-decomposition-pipeline",
    "Backward ops to tt-mlir TTIR: decompose, reduce broadcasts, expand complex, then upstream "
    "canonicalize (folds, dead ops) and cse",
    "ttir-decompose-backward,ttir-reduce-broadcast-grads,ttir-expand-complex,canonicalize,cse"))
register_pass(PassInfo(
    "convert-ttir-to-linalg",
    "Lower real-valued ttir ops to linalg/arith/tensor (target=cpu: the CPU reference path, "
    "drops layouts; target=device: keeps layouts, f32 accumulators, for the Tensix codegen)",
    "ttbw.passes.convert_ttir_to_linalg",
    (Option("target", str, "cpu", "cpu | device"),),
    statistics=(Statistic("num-converted", "Number of ttir ops converted"),)))
register_pass(PassInfo(
    "ttbw-zero-empty-tensors",
    "Tensors with no elements in device linalg: returned ones become tensor.empty (the host allocates "
    "them), sums over an empty dim the zero they start from",
    "ttbw.passes.zero_empty_tensors"))
register_pass(PassInfo(
    "ttbw-prepare-fusion",
    "Ready device linalg for producer -> consumer fusion: unit-dim sums made elementwise, each elementwise "
    "generic duplicated per generic reader",
    "ttbw.passes.prepare_fusion"))
register_pass(PassInfo(
    "ttbw-fold-unit-reshapes",
    "Fold the unit-dim reshapes fusion left between generics into their readers' indexing maps (and duplicate "
    "shared elementwise generics again), for another round of fusion",
    "ttbw.passes.fold_unit_reshapes"))
register_pass(PassInfo(
    "ttbw-split-contraction-prologues",
    "Split the elementwise prologue fusion put into a matrix product's operand off into an elementwise "
    "generic the contraction reads (the contraction codegen reads its operands as stored)",
    "ttbw.passes.split_contraction_prologues"))
register_pass(PassInfo(
    "ttbw-outline-programs",
    "Group each function's generics into programs (with fuse: the whole function when the codegen takes it, "
    "else per reduction and epilogue, with a warning; without: per TTIR op) and outline each as a "
    "ttbw.program function the function calls",
    "ttbw.passes.outline_programs",
    (Option("fuse", bool, True, "true: one program per function where the codegen takes it; false: ttnn's "
            "composite path, one program per TTIR op, intermediates in DRAM"),),
    statistics=(Statistic("num-programs", "Number of programs outlined"),
                Statistic("num-split-functions", "Number of functions fuse=true lowered as several programs"))))


def _fuse_programs(options: dict) -> str:
    if not options["fuse"]:
        return "ttbw-zero-empty-tensors,ttbw-outline-programs{fuse=false}"
    fusion = "func.func(linalg-fuse-elementwise-ops),canonicalize,cse"
    return (f"ttbw-zero-empty-tensors,ttbw-prepare-fusion,{fusion},ttbw-fold-unit-reshapes,{fusion},"
            "ttbw-split-contraction-prologues,ttbw-outline-programs{fuse=true}")


register_pipeline(PipelineInfo(
    "ttbw-fuse-programs",
    "Device linalg into programs: empty tensors, then (fuse=true) two rounds of upstream producer -> consumer "
    "fusion (linalg-fuse-elementwise-ops, canonicalize, cse) around the unit reshapes' folding, contraction "
    "prologues split off, then the outlining",
    _fuse_programs,
    (Option("fuse", bool, True, "false: one program per TTIR op (ttnn's composite path)"),)))
register_pass(PassInfo(
    "convert-linalg-to-ttkernel",
    "Lower each program function to TTKernel reader / compute / writer kernels (the generic codegen) and each "
    "function calling programs to a TTMetal host function, in tt-mlir's context",
    "ttbw.passes.convert_linalg_to_ttkernel",
    (Option("grid", str, "8x8", "core grid COLSxROWS the work is split over", parse_grid),),
    ttmlir_output=True,
    statistics=(Statistic("num-programs", "Number of programs lowered to reader / compute / writer kernels"),
                Statistic("num-host-functions", "Number of TTMetal host functions built"))))
register_pass(PassInfo(
    "convert-ttkernel-to-emitc",
    "Convert each program's TTKernel kernels to EmitC with tt-mlir's own conversion (the IR "
    "tt-mlir translates to C++)",
    "ttbw.passes.convert_ttkernel_to_emitc", ttmlir_output=True, ttmlir_input=True))


def _tensix_pipeline(options: dict) -> str:
    fuse = "true" if options["fuse"] else "false"
    steps = ["ttir-backward-decomposition-pipeline", "convert-ttir-to-linalg{target=device}",
             f"ttbw-fuse-programs{{fuse={fuse}}}", f"convert-linalg-to-ttkernel{{grid={options['grid']}}}"]
    if options["emitc"]:
        steps.append("convert-ttkernel-to-emitc")
    return ",".join(steps)


register_pipeline(PipelineInfo(
    "ttir-to-tensix-pipeline",
    "Backward ops to Tensix programs: decompose to TTIR, lower to device linalg, fuse into programs, "
    "generate each program's TTKernel kernels and the TTMetal host functions, optionally on to EmitC",
    _tensix_pipeline,
    (Option("grid", str, "8x8", "core grid COLSxROWS the work is split over", parse_grid),
     Option("fuse", bool, True, "true: one fused program per function where possible; false: one program "
            "per TTIR op"),
     Option("emitc", bool, False, "convert the kernels to EmitC (tt-mlir's convert-ttkernel-to-emitc)"))))
