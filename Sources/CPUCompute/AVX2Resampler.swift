import CResampleSIMD
import ImageMaths

/// Swift entry points of CResampleSIMD's AVX2 resampling passes, which read the layouts of
/// `SplitWeights` as they are.
///
/// Each returns whether it wrote the output. When it did not (no AVX2, vertical rows under
/// 32 bytes, a malformed window), nothing was written and the caller runs its portable
/// kernel, which gives the same bytes.
enum AVX2Resampler {
    /// The horizontal pass over `rowCount` rows; layout as `HorizontalResampler.resample`.
    static func horizontal(source: UnsafePointer<UInt8>, sourceWidth: Int,
                           destination: UnsafeMutablePointer<UInt8>, rowCount: Int,
                           groups: SplitWeights.Groups) -> Bool {
        groups.windows.withUnsafeBufferPointer { windows in
            groups.words.withUnsafeBufferPointer { words in
                gg_resample_horizontal_avx2(source, sourceWidth, groups.paddedWidth, destination, rowCount,
                                            windows.baseAddress, words.baseAddress,
                                            windows.count / 4) == GG_RESAMPLE_DONE
            }
        }
    }

    /// Output rows `rows` of the vertical pass; layout as `VerticalResampler.resample`.
    static func vertical(source: UnsafePointer<UInt8>, rowBytes: Int,
                         destination: UnsafeMutablePointer<UInt8>, rows: Range<Int>,
                         bounds: [Int32], pairs: SplitWeights.Pairs) -> Bool {
        bounds.withUnsafeBufferPointer { bounds in
            pairs.words.withUnsafeBufferPointer { words in
                gg_resample_vertical_avx2(source, rowBytes, destination, rows.lowerBound, rows.upperBound,
                                          bounds.baseAddress, words.baseAddress, pairs.pairStride) == GG_RESAMPLE_DONE
            }
        }
    }
}
