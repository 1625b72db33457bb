/// The frames of a GIF composed as Pillow 13's `GifImagePlugin` shows them after `seek(i)` and
/// `convert("RGBA")` (its default `LoadingStrategy.RGB_AFTER_FIRST`):
///
/// - Frame 0 is the palette image: the canvas is its transparent index (else index 0) outside
///   the frame; the transparent index becomes alpha 0, its colour kept.
/// - From frame 1 on the canvas is RGBA when frame 0 had a transparent index, else RGB (alpha
///   255 throughout). Each frame is pasted over it through its own transparency (a pixel of
///   the transparent index leaves the canvas as it was).
/// - Before a frame is drawn, the previous frame's disposal is applied to the previous frame's
///   rectangle: 2 fills it with the frame's transparent colour at alpha 0 (else the screen's
///   background colour, opaque), 3 puts back what was there before it was drawn. A frame
///   without a disposal method keeps the last one given (Pillow's `disposal_method`).
/// - A colour index past the frame's table is black when drawn; a disposal fill past it takes
///   entry 0 (Pillow's `_rgb`).
///
/// A frame reaching past the canvas (the screen grown to the first frame) is clipped, where
/// Pillow grows the picture: every frame of an animation here has the first one's size.
final class GIFCanvas: AnimationFrameReader {
    let width: Int
    let height: Int
    var loopCount: Int? { reader.loopCount }
    var declaredFrameCount: Int? { nil }

    private let reader: GIFFrameReader
    /// RGBA words (little-endian bytes R, G, B, A).
    private var canvas: [UInt32]
    /// Whether the canvas keeps alpha after frame 0 (frame 0 had a transparent index).
    private var keepsAlpha = false
    /// Pillow's `disposal_method`: the last non-zero one given.
    private var disposalMethod = 0
    /// What to paste over the previous frame's rectangle before the next frame is drawn.
    private var pendingDisposal: Disposal?
    /// Whether the reader stands at a frame not yet composed.
    private var hasNext = true
    /// An error reading the records after the last frame composed, thrown when the next
    /// frame is asked for (a still decode never asks).
    private var deferredError: ImageCodecError?

    private enum Disposal {
        case fill(x: Int, y: Int, width: Int, height: Int, colour: UInt32)
        case restore(x: Int, y: Int, width: Int, height: Int, words: [UInt32])
    }

    init(_ reader: GIFFrameReader) {
        self.reader = reader
        width = reader.width
        height = reader.height
        canvas = []
    }

    /// Whether a frame follows the last one composed (known once a frame was composed).
    var hasMoreFrames: Bool { hasNext && deferredError == nil }

    func nextFrame() throws(ImageCodecError) -> ImageFrame<HostImage>? {
        if let deferredError { throw deferredError }
        guard hasNext else { return nil }
        do {
            return try composeNext()
        } catch {
            // giflib's state after an error is not a frame to read on from: the error stays.
            deferredError = error
            throw error
        }
    }

    private func composeNext() throws(ImageCodecError) -> ImageFrame<HostImage>? {
        let frame = reader.frame
        let indices = try reader.readIndices()
        let first = reader.frameIndex == 0
        // The disposal of this frame is computed before it is drawn (Pillow's `_seek`).
        var disposal: Disposal?
        if first {
            compose(firstFrame: frame, indices: indices)
            disposal = firstDisposal(frame)
        } else {
            applyPendingDisposal()
            disposal = laterDisposal(frame)
            paste(frame, indices: indices)
        }
        pendingDisposal = disposal
        let duration = frame.delay.map { Duration.milliseconds($0 * 10) }
        let image = makeImage(opaque: first ? frame.transparentIndex == nil : !keepsAlpha)
        do {
            hasNext = try reader.advance()
        } catch {
            deferredError = error
        }
        return ImageFrame(image, duration: duration)
    }

    /// RGBA of each index of `frame`'s table: black past the table, gray levels without one;
    /// `transparent` at alpha 0.
    private static func lookup(_ frame: GIFFrameDescriptor) -> [UInt32] {
        (0..<256).map { i in
            let gray = (UInt8(i), UInt8(i), UInt8(i))
            let colour = frame.palette.map { i < $0.count ? $0[i] : (0, 0, 0) } ?? gray
            return rgba(colour, alpha: i == frame.transparentIndex ? 0 : 255)
        }
    }

    private static func rgba(_ colour: (UInt8, UInt8, UInt8), alpha: UInt8) -> UInt32 {
        (UInt32(colour.0) | UInt32(colour.1) << 8 | UInt32(colour.2) << 16 | UInt32(alpha) << 24).littleEndian
    }

    /// Pillow's `_rgb`: the colour of `index` in the frame's table, entry 0's past its end,
    /// the gray level without a table.
    private static func tableColour(_ index: Int, of frame: GIFFrameDescriptor) -> (UInt8, UInt8, UInt8) {
        guard let palette = frame.palette else { return (UInt8(index), UInt8(index), UInt8(index)) }
        return index < palette.count ? palette[index] : (palette.first ?? (0, 0, 0))
    }

    private func compose(firstFrame frame: GIFFrameDescriptor, indices: GIFFrameIndices) {
        let lookup = Self.lookup(frame)
        keepsAlpha = frame.transparentIndex != nil
        disposalMethod = frame.disposal
        // Initialised to the background, then the frame over it: no pixel is left unwritten.
        canvas = [UInt32](repeating: lookup[frame.transparentIndex ?? 0], count: width * height)
        draw(indices) { index, _ in lookup[index] }
    }

    /// Frame 0's disposal, computed on the palette image: its transparent index, else the
    /// screen's background index, coloured through frame 0's table (so alpha 0 exactly when it
    /// is the transparent index); disposal 3 has nothing before frame 0 to restore and fills
    /// with the transparent index when there is one.
    private func firstDisposal(_ frame: GIFFrameDescriptor) -> Disposal? {
        let lookup = Self.lookup(frame)
        let (x, y, w, h) = (frame.x, frame.y, frame.width, frame.height)
        switch disposalMethod {
        case 2:
            let index = frame.transparentIndex ?? backgroundIndex
            return .fill(x: x, y: y, width: w, height: h, colour: lookup[index])
        case 3:
            guard let t = frame.transparentIndex else { return nil }
            return .fill(x: x, y: y, width: w, height: h, colour: lookup[t])
        default:
            return nil
        }
    }

    private var backgroundIndex: Int { reader.backgroundIndex ?? 0 }

    /// A later frame's disposal, computed on the RGB(A) canvas before the frame is drawn.
    private func laterDisposal(_ frame: GIFFrameDescriptor) -> Disposal? {
        if frame.disposal != 0 { disposalMethod = frame.disposal }
        let (x, y, w, h) = (frame.x, frame.y, frame.width, frame.height)
        switch disposalMethod {
        case 2:
            if let t = frame.transparentIndex {
                return .fill(x: x, y: y, width: w, height: h, colour: Self.rgba(Self.tableColour(t, of: frame), alpha: 0))
            }
            return .fill(x: x, y: y, width: w, height: h,
                         colour: Self.rgba(Self.tableColour(backgroundIndex, of: frame), alpha: 255))
        case 3:
            var words: [UInt32] = []
            forEachCanvasRow(x: x, y: y, width: w, height: h) { range, _ in words.append(contentsOf: canvas[range]) }
            return .restore(x: x, y: y, width: w, height: h, words: words)
        default:
            return nil
        }
    }

    private func applyPendingDisposal() {
        switch pendingDisposal {
        case .fill(let x, let y, let w, let h, let colour)?:
            // On an RGB canvas the fill's alpha is not kept (`makeImage` makes it opaque).
            forEachCanvasRow(x: x, y: y, width: w, height: h) { range, _ in for i in range { canvas[i] = colour } }
        case .restore(let x, let y, let w, let h, let words)?:
            var offset = 0
            forEachCanvasRow(x: x, y: y, width: w, height: h) { range, _ in
                canvas[range] = words[offset..<(offset + range.count)]
                offset += range.count
            }
        case nil:
            break
        }
        pendingDisposal = nil
    }

    /// A later frame over the canvas: through its transparency when it has a transparent index.
    private func paste(_ frame: GIFFrameDescriptor, indices: GIFFrameIndices) {
        let lookup = Self.lookup(frame)
        let transparent = frame.transparentIndex
        draw(indices) { index, old in index == transparent ? old : lookup[index] }
    }

    /// Each pixel of the frame inside the canvas (`indices` holds exactly those), replaced by
    /// `colour(index, old)`.
    private func draw(_ indices: GIFFrameIndices, colour: (Int, UInt32) -> UInt32) {
        forEachCanvasRow(x: indices.x, y: indices.y, width: indices.width, height: indices.height) { range, row in
            let source = (row - indices.y) * indices.width
            for (k, i) in range.enumerated() { canvas[i] = colour(Int(indices.indices[source + k]), canvas[i]) }
        }
    }

    /// The canvas index range of each row of the rectangle, clipped to the canvas.
    private func forEachCanvasRow(x: Int, y: Int, width w: Int, height h: Int, _ body: (Range<Int>, Int) -> Void) {
        let x0 = max(0, x), x1 = min(width, x + w)
        guard x0 < x1 else { return }
        for row in max(0, y)..<max(max(0, y), min(height, y + h)) {
            body((row * width + x0)..<(row * width + x1), row)
        }
    }

    /// The canvas as an image: opaque throughout for an RGB canvas.
    private func makeImage(opaque: Bool) -> HostImage {
        var bytes = canvas.withUnsafeBytes { [UInt8]($0) }
        if opaque {
            for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        }
        var image = HostImage(width: width, height: height, computedPixels: bytes)
        if opaque { image.markOpaqueByConstruction() }
        return image
    }
}
