/// Everything a backend needs to resize an image and keep only a window of the result, worked
/// out once on the host and shared by the CPU and OpenCL paths.
///
/// The result equals Pillow's `resize((outputWidth, outputHeight), filter)` followed by
/// `crop(window)`, byte for byte, but only the window's pixels are computed: the horizontal
/// pass runs over `sourceRows` (the input rows the vertical pass reads) and the window's
/// columns, the vertical pass over the window's rows. A pass whose axis keeps its size is
/// replaced by a plain copy, as Pillow skips it.
public struct ResamplePlan: Sendable, Equatable {
    public let inputWidth: Int
    public let inputHeight: Int
    /// Size of the full resized image that `window` is cut from.
    public let outputWidth: Int
    public let outputHeight: Int
    /// The part of the resized image that is produced.
    public let window: PixelRect
    public let filter: ResampleFilter
    /// Horizontal weights for the window's columns (starts in input columns), or nil when the
    /// width does not change and the columns are copied from `window.x`.
    public let horizontal: ResampleWeights?
    /// Vertical weights for the window's rows (starts relative to `sourceRows.lowerBound`), or
    /// nil when the height does not change.
    public let vertical: ResampleWeights?
    /// The input rows the horizontal pass (or the column copy) processes.
    public let sourceRows: Range<Int>

    /// Plans a resize of `inputWidth × inputHeight` to `outputWidth × outputHeight`, keeping
    /// `window` (the whole result when nil). A window outside the result is a programming
    /// error here; operations validate user rectangles before planning.
    public init(inputWidth: Int, inputHeight: Int, outputWidth: Int, outputHeight: Int,
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
        let columns = window.x..<window.maxX
        let rows = window.y..<window.maxY
        horizontal = outputWidth == inputWidth ? nil
            : ResampleWeights.compute(inSize: inputWidth, outSize: outputWidth, filter: filter).slice(columns)
        if outputHeight == inputHeight {
            vertical = nil
            sourceRows = rows
        } else {
            let full = ResampleWeights.compute(inSize: inputHeight, outSize: outputHeight, filter: filter)
            let span = full.sourceSpan(of: rows)
            vertical = full.slice(rows, sourceOffset: span.lowerBound)
            sourceRows = span
        }
    }

    /// Whether the plan changes nothing (same size, whole image).
    public var isIdentity: Bool {
        horizontal == nil && vertical == nil && window.width == inputWidth && window.height == inputHeight
    }

    /// The rectangle of the input copied when there is no horizontal pass: the window's
    /// columns over `sourceRows`.
    public var columnCopyRect: PixelRect {
        PixelRect(x: window.x, y: sourceRows.lowerBound, width: window.width, height: sourceRows.count)
    }
}
