"""Registers every ttbw pass and named pipeline (names, summaries, options only)."""
from .registry import Option, PassInfo, PipelineInfo, register_pass, register_pipeline

register_pass(PassInfo(
    "ttir-decompose-backward",
    "Decompose the backward ops (ttir.mul_bw, ttir.add_bw, ...) into TTIR by their derivative rules",
    "ttbw.passes.decompose_backward"))
register_pass(PassInfo(
    "ttir-reduce-broadcast-grads",
    "Reduce broadcast gradients to their operand's shape (sum keep_dim + reshape) and data type",
    "ttbw.passes.reduce_broadcast_grads"))
register_pass(PassInfo(
    "ttir-expand-complex",
    "Expand complex tensors into (real, imag) pairs of real tensors, as ttnn's ComplexTensor",
    "ttbw.passes.expand_complex"))
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
    (Option("target", str, "cpu", "cpu | device"),)))
register_pass(PassInfo(
    "convert-ttir-to-ttkernel",
    "Lower each function holding one backward op (or TTIR ops) to a fused Tensix program: a host function of "
    "TTMetal ops + a module of TTKernel reader/compute/writer kernels, in tt-mlir's context",
    "ttbw.passes.convert_ttir_to_ttkernel",
    (Option("grid", str, "8x8", "core grid COLSxROWS the work is split over"),
     Option("fuse", bool, True, "true: one fused program per function (a backward op or its "
            "decomposition); false: ttnn's composite path, one program per TTIR op of the "
            "decomposition, intermediates in DRAM")),
    ttmlir_output=True))
register_pass(PassInfo(
    "convert-ttkernel-to-emitc",
    "Convert each program's TTKernel kernels to EmitC with tt-mlir's own conversion (the IR "
    "tt-mlir translates to C++)",
    "ttbw.passes.convert_ttkernel_to_emitc", ttmlir_output=True, ttmlir_input=True))


def _tensix_pipeline(options: dict) -> str:
    fuse = "true" if options["fuse"] else "false"
    steps = ["ttir-backward-decomposition-pipeline",
             f"convert-ttir-to-ttkernel{{grid={options['grid']} fuse={fuse}}}"]
    if options["emitc"]:
        steps.append("convert-ttkernel-to-emitc")
    return ",".join(steps)


register_pipeline(PipelineInfo(
    "ttir-to-tensix-pipeline",
    "Backward ops to Tensix programs: decompose to TTIR, lower each function to one fused program "
    "(TTKernel + host program description), optionally on to EmitC",
    _tensix_pipeline,
    (Option("grid", str, "8x8", "core grid COLSxROWS the work is split over"),
     Option("fuse", bool, True, "true: one fused program per backward op; false: one program per TTIR op"),
     Option("emitc", bool, False, "convert the kernels to EmitC (tt-mlir's convert-ttkernel-to-emitc)"))))
