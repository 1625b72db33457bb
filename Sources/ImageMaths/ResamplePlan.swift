/// Which separable pass runs first.
package enum ResamplePassOrder: Sendable, Equatable {
    /// The horizontal pass over the input rows the vertical pass reads, then the vertical pass.
    case horizontalFirst
    /// The vertical pass over the input columns the horizontal pass reads, then the horizontal
    /// pass.
    case verticalFirst

    /// Pillow 13.0.0's rule (docs/SPEC.md §2.2): vertical first exactly when the height shrinks
    /// and shrinks by more than twice what the width does, `(H − h) > 0 and (H − h) > 2·(W − w)`,
    /// with `W×H` the input and `w×h` the whole resized image. The one place the rule lives.
    package static func pillow(inputWidth: Int, inputHeight: Int, outputWidth: Int, outputHeight: Int) -> ResamplePassOrder {
        let shrinkH = inputHeight - outputHeight, shrinkW = inputWidth - outputWidth
        return shrinkH > 0 && shrinkH > 2 * shrinkW ? .verticalFirst : .horizontalFirst
    }
}

/// Everything a backend needs to resize an image and keep only a window of the result, worked
/// out once on the host and shared by the CPU and OpenCL paths.
///
/// The result equals Pillow's `resize((outputWidth, outputHeight), filter)` followed by
/// `crop(window)`, byte for byte, but only the window's pixels are computed, and only the
/// window's weights: the first pass runs over the part of the input the second one reads,
/// in Pillow 13's order (`ResamplePassOrder`). Computing extra columns in a vertical pass, or
/// extra rows in a horizontal one, changes none of the kept pixels, so leaving them out is
/// exact. A pass whose axis keeps its size is replaced by a plain copy, as Pillow skips it.
package struct ResamplePlan: Sendable, Equatable {
    package let inputWidth: Int
    package let inputHeight: Int
    /// Size of the full resized image that `window` is cut from.
    package let outputWidth: Int
    package let outputHeight: Int
    /// The part of the resized image that is produced.
    package let window: PixelRect
    package let filter: ResampleFilter
    /// Which pass runs first.
    package let order: ResamplePassOrder
    /// Horizontal weights for the window's columns, or nil when the width does not change (the
    /// columns are copied). Starts count from `sourceColumns.lowerBound`.
    package let horizontal: ResampleWeights?
    /// Vertical weights for the window's rows, or nil when the height does not change. Starts
    /// count from `sourceRows.lowerBound`.
    package let vertical: ResampleWeights?
    /// The input rows read (the rows of the first pass, or of the column copy).
    package let sourceRows: Range<Int>
    /// The input columns read. Horizontal first: every column (the horizontal pass picks its
    /// own); vertical first: the columns the horizontal pass reads, cut out before the
    /// vertical pass.
    package let sourceColumns: Range<Int>

    /// Plans a resize of `inputWidth × inputHeight` to `outputWidth × outputHeight`, keeping
    /// `window` (the whole result when nil). A window outside the result is a programming
    /// error here; operations validate user rectangles before planning.
    package init(inputWidth: Int, inputHeight: Int, outputWidth: Int, outputHeight: Int,
                 window: PixelRect? = nil, filter: ResampleFilter) {
        precondition(inputWidth > 0 && inputHeight > 0 && outputWidth > 0 && outputHeight > 0)
        let window = window ?? PixelRect(x: 0, y: 0, width: outputWidth, height: outputHeight)
        precondition(window.fits(inWidth: outputWidth, height: outputHeight))
        self.inputWidth = inputWidth
        self.inputHeight = inputHeight
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.window = window
        self.filter = filter
        order = .pillow(inputWidth: inputWidth, inputHeight: inputHeight, outputWidth: outputWidth, outputHeight: outputHeight)
        let columns = window.x..<window.maxX
        let rows = window.y..<window.maxY
        if outputHeight == inputHeight {
            vertical = nil
            sourceRows = rows
        } else {
            let weights = ResampleWeightsCache.shared.weights(inSize: inputHeight, outSize: outputHeight, filter: filter, outputs: rows)
            let span = weights.sourceSpan(of: 0..<weights.count)
            vertical = weights.slice(0..<weights.count, sourceOffset: span.lowerBound)
            sourceRows = span
        }
        if outputWidth == inputWidth {
            horizontal = nil
            sourceColumns = order == .verticalFirst ? columns : 0..<inputWidth
        } else {
            let weights = ResampleWeightsCache.shared.weights(inSize: inputWidth, outSize: outputWidth, filter: filter, outputs: columns)
            if order == .verticalFirst {
                let span = weights.sourceSpan(of: 0..<weights.count)
                horizontal = weights.slice(0..<weights.count, sourceOffset: span.lowerBound)
                sourceColumns = span
            } else {
                horizontal = weights
                sourceColumns = 0..<inputWidth
            }
        }
    }

    /// Whether the plan changes nothing (same size, whole image).
    package var isIdentity: Bool {
        horizontal == nil && vertical == nil && window.width == inputWidth && window.height == inputHeight
    }

    /// The rectangle of the input copied when there is no horizontal pass: the window's
    /// columns over `sourceRows`.
    package var columnCopyRect: PixelRect {
        PixelRect(x: window.x, y: sourceRows.lowerBound, width: window.width, height: sourceRows.count)
    }

    /// Vertical first: the part of the input the vertical pass runs over (the columns the
    /// horizontal pass reads, the rows the vertical pass reads).
    package var verticalFirstSourceRect: PixelRect {
        PixelRect(x: sourceColumns.lowerBound, y: sourceRows.lowerBound, width: sourceColumns.count, height: sourceRows.count)
    }
}
