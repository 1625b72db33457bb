import CResampleSIMD
import ImageMaths

/// Swift entry points of CResampleSIMD's AVX2 resampling passes.
///
/// Each returns whether it wrote the output. When it did not (no AVX2, weights too large for
/// the 16-bit split, vertical rows under 32 bytes), nothing was written and the caller runs
/// its portable kernel, which gives the same bytes.
enum AVX2Resampler {
    /// The horizontal pass over `rowCount` rows; layout as `HorizontalResampler.resample`.
    static func horizontal(source: UnsafePointer<UInt8>, sourceWidth: Int,
                           destination: UnsafeMutablePointer<UInt8>, rowCount: Int,
                           weights: ResampleWeights) -> Bool {
        weights.bounds.withUnsafeBufferPointer { bounds in
            weights.coefficients.withUnsafeBufferPointer { coefficients in
                gg_resample_horizontal_avx2(source, sourceWidth, destination, rowCount,
                                            bounds.baseAddress, coefficients.baseAddress,
                                            weights.count, weights.taps) == GG_RESAMPLE_DONE
            }
        }
    }

    /// Output rows `rows` of the vertical pass; layout as `VerticalResampler.resample`.
    static func vertical(source: UnsafePointer<UInt8>, rowBytes: Int,
                         destination: UnsafeMutablePointer<UInt8>, rows: Range<Int>,
                         weights: ResampleWeights) -> Bool {
        weights.bounds.withUnsafeBufferPointer { bounds in
            weights.coefficients.withUnsafeBufferPointer { coefficients in
                gg_resample_vertical_avx2(source, rowBytes, destination, rows.lowerBound, rows.upperBound,
                                          bounds.baseAddress, coefficients.baseAddress,
                                          weights.taps) == GG_RESAMPLE_DONE
            }
        }
    }
}
