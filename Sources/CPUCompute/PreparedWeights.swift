import ImageMaths

/// One CPU resampling pass's weights in the forms its kernels read, prepared once per pass
/// (not once per band of rows): the exact `ResampleWeights` for the scalar kernel, and the
/// split layouts of `SplitWeights` for the vector kernels. A layout is nil when the kernel set
/// does not need it or the weights do not split (then a slower kernel with the same bytes runs).
struct PreparedWeights: Sendable {
    let exact: ResampleWeights
    /// Taps in pairs: the portable Swift passes and the native vertical passes.
    let pairs: SplitWeights.Pairs?
    /// Taps in fours with padded windows: the native (AVX2, AVX-512) horizontal passes.
    let groups: SplitWeights.Groups?
    /// Taps in pairs of source pixels: the AVX2 horizontal pass over an opaque source.
    let evenPairs: SplitWeights.EvenPairs?
    /// The source indices the outputs read along the pass's axis.
    let sourceSpan: Range<Int>

    /// For the horizontal pass over rows of `sourceWidth` pixels; `opaqueSource` when every
    /// alpha of the source is known to be 255 (it lets AVX2 skip alpha).
    static func horizontal(_ weights: ResampleWeights, sourceWidth: Int, opaqueSource: Bool = false,
                           kernels: ResampleKernelSet = .preferred) -> PreparedWeights {
        let evenPairs = opaqueSource && kernels == .avx2 ? SplitWeights.EvenPairs(weights, sourceWidth: sourceWidth) : nil
        let groups = kernels != .portable && evenPairs == nil ? SplitWeights.Groups(weights, sourceWidth: sourceWidth) : nil
        return PreparedWeights(exact: weights,
                               pairs: groups == nil && evenPairs == nil ? SplitWeights.Pairs(weights) : nil,
                               groups: groups, evenPairs: evenPairs,
                               sourceSpan: weights.sourceSpan(of: 0..<weights.count))
    }

    /// For the vertical pass (every kernel set reads the pairs).
    static func vertical(_ weights: ResampleWeights) -> PreparedWeights {
        PreparedWeights(exact: weights, pairs: SplitWeights.Pairs(weights), groups: nil, evenPairs: nil,
                        sourceSpan: weights.sourceSpan(of: 0..<weights.count))
    }
}
