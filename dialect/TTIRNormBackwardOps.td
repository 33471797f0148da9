// The normalizations' backward ops (ttbw's own; tt-mlir has the forward ttir.layer_norm /
// ttir.rms_norm / ttir.batch_norm only); layer and RMS norm over the trailing `normalized_dims`
// dims of `input`, batch norm over all but its channels. The forward's
// statistics come in the keep-dim shape torch's native_layer_norm_backward takes them in
// (input's leading dims, then 1s); gamma (optional: 1 when absent) has the normalized shape.
// Each result is present when requested; gamma_grad / beta_grad have the normalized shape and
// gamma's data type (input's without gamma). Checked by TTIRNormBackwardVerify.cpp; their
// derivatives are passes/derivatives_norm.py's.
#ifndef TTBW_DIALECT_TTIRNORMBACKWARDOPS_TD
#define TTBW_DIALECT_TTIRNORMBACKWARDOPS_TD

include "TTIRBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

// x̂ = (x - mean) rstd, dy = grad γ, N elements normalized:
// input_grad = rstd (dy - sum(dy) / N - x̂ sum(dy x̂) / N), gamma_grad = Σ_rows grad x̂,
// beta_grad = Σ_rows grad (ttnn.moreh_layer_norm_backward, aten.native_layer_norm_backward).
//   %g:3 = ttir.layer_norm_bw %grad, %x, %mean, %rstd gamma(%w : W) {normalized_dims = 1 : i32}
//          : G, X, M, R -> input_grad X gamma_grad W beta_grad W
def TTIR_LayerNormBwOp : TTIR_Op<"layer_norm_bw", [AttrSizedResultSegments]> {
  let summary = "Gradients of layer normalization over the trailing normalized_dims dims";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$input, AnyRankedTensor:$mean,
                       AnyRankedTensor:$rstd, Optional<AnyRankedTensor>:$gamma,
                       I32Attr:$normalized_dims,
                       OptionalAttr<AnyAttr>:$memory_config);
  let results = (outs Optional<AnyRankedTensor>:$input_grad, Optional<AnyRankedTensor>:$gamma_grad,
                      Optional<AnyRankedTensor>:$beta_grad);
  let assemblyFormat = [{
    $grad `,` $input `,` $mean `,` $rstd (`gamma` `(` $gamma^ `:` type($gamma) `)`)?
    attr-dict `:` type($grad) `,` type($input) `,` type($mean) `,` type($rstd)
    `->` (`input_grad` type($input_grad)^)? (`gamma_grad` type($gamma_grad)^)? (`beta_grad` type($beta_grad)^)?
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ttbw::ttir::verify::verifySegments(*this, {"grad", "input", "mean", "rstd"},
              {}, getProperties().resultSegmentSizes)))
        return ::mlir::failure();
      return ::ttbw::ttir::verify::verifyNormBackward(*this, {{"mean", getMean()}, {"rstd", getRstd()}},
          getGamma(), getNormalizedDims(), {{"input_grad", getInputGrad()}, {"gamma_grad", getGammaGrad()},
          {"beta_grad", getBetaGrad()}}, getMemoryConfigAttr());
    }
  }];
}

// y = x / rms γ, rms = sqrt(mean(x²) + eps) from the forward, dy = grad γ, N elements:
// input_grad = (dy - x sum(dy x) / (N rms²)) / rms, gamma_grad = Σ_rows grad x / rms
// (tt-train's rmsnorm_bw, ttbw's ttnn.rmsnorm_bw).
//   %g:2 = ttir.rms_norm_bw %grad, %x, %rms gamma(%w : W) {normalized_dims = 1 : i32}
//          : G, X, R -> input_grad X gamma_grad W
def TTIR_RMSNormBwOp : TTIR_Op<"rms_norm_bw", [AttrSizedResultSegments]> {
  let summary = "Gradients of RMS normalization over the trailing normalized_dims dims";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$input, AnyRankedTensor:$rms,
                       Optional<AnyRankedTensor>:$gamma,
                       I32Attr:$normalized_dims,
                       OptionalAttr<AnyAttr>:$memory_config);
  let results = (outs Optional<AnyRankedTensor>:$input_grad, Optional<AnyRankedTensor>:$gamma_grad);
  let assemblyFormat = [{
    $grad `,` $input `,` $rms (`gamma` `(` $gamma^ `:` type($gamma) `)`)?
    attr-dict `:` type($grad) `,` type($input) `,` type($rms)
    `->` (`input_grad` type($input_grad)^)? (`gamma_grad` type($gamma_grad)^)?
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ttbw::ttir::verify::verifySegments(*this, {"grad", "input", "rms"},
              {}, getProperties().resultSegmentSizes)))
        return ::mlir::failure();
      return ::ttbw::ttir::verify::verifyNormBackward(*this, {{"rms", getRms()}}, getGamma(),
          getNormalizedDims(), {{"input_grad", getInputGrad()}, {"gamma_grad", getGammaGrad()}},
          getMemoryConfigAttr());
    }
  }];
}

// Batch normalization in training mode (the forward's batch statistics): over every dim but the
// channels (dim 1), N elements per channel, x̂ = (x - mean) rstd, dy = grad γ: input_grad =
// rstd (dy - sum(dy) / N - x̂ sum(dy x̂) / N), gamma_grad = Σ grad x̂, beta_grad = Σ grad
// (aten.native_batch_norm_backward with train = True; its save_mean and save_invstd). The
// statistics, gamma and its gradients have the keep-dim shape (1, C, 1, ...).
//   %g:3 = ttir.batch_norm_bw %grad, %x, %mean, %rstd gamma(%w : W)
//          : G, X, M, R -> input_grad X gamma_grad W beta_grad W
def TTIR_BatchNormBwOp : TTIR_Op<"batch_norm_bw", [AttrSizedResultSegments]> {
  let summary = "Gradients of batch normalization (training mode) over every dim but the channels";
  let arguments = (ins AnyRankedTensor:$grad, AnyRankedTensor:$input, AnyRankedTensor:$mean,
                       AnyRankedTensor:$rstd, Optional<AnyRankedTensor>:$gamma,
                       OptionalAttr<AnyAttr>:$memory_config);
  let results = (outs Optional<AnyRankedTensor>:$input_grad, Optional<AnyRankedTensor>:$gamma_grad,
                      Optional<AnyRankedTensor>:$beta_grad);
  let assemblyFormat = [{
    $grad `,` $input `,` $mean `,` $rstd (`gamma` `(` $gamma^ `:` type($gamma) `)`)?
    attr-dict `:` type($grad) `,` type($input) `,` type($mean) `,` type($rstd)
    `->` (`input_grad` type($input_grad)^)? (`gamma_grad` type($gamma_grad)^)? (`beta_grad` type($beta_grad)^)?
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ttbw::ttir::verify::verifySegments(*this, {"grad", "input", "mean", "rstd"},
              {}, getProperties().resultSegmentSizes)))
        return ::mlir::failure();
      return ::ttbw::ttir::verify::verifyBatchNormBackward(*this, {{"mean", getMean()}, {"rstd", getRstd()}},
          getGamma(), {{"input_grad", getInputGrad()}, {"gamma_grad", getGammaGrad()},
          {"beta_grad", getBetaGrad()}}, getMemoryConfigAttr());
    }
  }];
}

#endif // TTBW_DIALECT_TTIRNORMBACKWARDOPS_TD
