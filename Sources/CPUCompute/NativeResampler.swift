import CResampleSIMD
import ImageMaths

/// Swift entry points of CResampleSIMD's AVX2 and AVX-512 resampling passes, which read the
/// layouts of `SplitWeights` as they are.
///
/// Each returns whether it wrote the output. When it did not (the CPU lacks the set, AVX2's
/// vertical rows under 32 bytes, a malformed window), nothing was written and the caller runs
/// its portable kernel, which gives the same bytes.
enum NativeResampler {
    /// The horizontal pass over `rowCount` rows; layout as `HorizontalResampler.resample`.
    static func horizontal(_ kernels: ResampleKernelSet, source: UnsafePointer<UInt8>, sourceWidth: Int,
                           destination: UnsafeMutablePointer<UInt8>, rowCount: Int,
                           groups: SplitWeights.Groups) -> Bool {
        let pass: @convention(c) (UnsafePointer<UInt8>?, Int, Int, UnsafeMutablePointer<UInt8>?, Int,
                                  UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int) -> Int32
        switch kernels {
        case .portable: return false
        case .avx2: pass = gg_resample_horizontal_avx2
        case .avx512: pass = gg_resample_horizontal_avx512
        }
        return groups.windows.withUnsafeBufferPointer { windows in
            groups.words.withUnsafeBufferPointer { words in
                pass(source, sourceWidth, groups.paddedWidth, destination, rowCount,
                     windows.baseAddress, words.baseAddress, windows.count / 4) == GG_RESAMPLE_DONE
            }
        }
    }

    /// Horizontal passes over the same `rowCount` rows of a source whose every alpha is 255, the
    /// source regrouped once for all of them (AVX2 only: the other sets decline). Each pass
    /// writes `evenPairs.windows.count / 4` pixels a row at its `destination`: RGBA, or RGB
    /// without the alpha when `pixelBytes` is 3.
    static func horizontalOpaque(_ kernels: ResampleKernelSet, source: UnsafePointer<UInt8>, sourceWidth: Int,
                                 rowCount: Int,
                                 passes: [(destination: UnsafeMutablePointer<UInt8>, evenPairs: SplitWeights.EvenPairs)],
                                 pixelBytes: Int = 4) -> Bool {
        guard kernels == .avx2 else { return false }
        var gathered: [gg_opaque_pass] = []
        gathered.reserveCapacity(passes.count)
        // Each pass's weights stay pinned while the ones after it are gathered and the C pass runs.
        func run(from i: Int) -> Bool {
            guard i < passes.count else {
                return gg_resample_horizontal_opaque_avx2(source, sourceWidth, rowCount, gathered, gathered.count,
                                                          pixelBytes) == GG_RESAMPLE_DONE
            }
            return passes[i].evenPairs.windows.withUnsafeBufferPointer { windows in
                passes[i].evenPairs.words.withUnsafeBufferPointer { words in
                    gathered.append(gg_opaque_pass(destination: passes[i].destination, windows: windows.baseAddress,
                                                   words: words.baseAddress, count: windows.count / 4))
                    return run(from: i + 1)
                }
            }
        }
        return run(from: 0)
    }

    /// Output rows `rows` of the vertical pass; layout as `VerticalResampler.resample`.
    static func vertical(_ kernels: ResampleKernelSet, source: UnsafePointer<UInt8>, rowBytes: Int,
                         destination: UnsafeMutablePointer<UInt8>, rows: Range<Int>,
                         bounds: [Int32], pairs: SplitWeights.Pairs) -> Bool {
        let pass: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int, Int,
                                  UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int) -> Int32
        switch kernels {
        case .portable: return false
        case .avx2: pass = gg_resample_vertical_avx2
        case .avx512: pass = gg_resample_vertical_avx512
        }
        return bounds.withUnsafeBufferPointer { bounds in
            pairs.words.withUnsafeBufferPointer { words in
                pass(source, rowBytes, destination, rows.lowerBound, rows.upperBound,
                     bounds.baseAddress, words.baseAddress, pairs.pairStride) == GG_RESAMPLE_DONE
            }
        }
    }
}
