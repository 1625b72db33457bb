/// Writes a GIF frame by frame: each frame quantised to its own adaptive palette
/// (`AdaptivePalette`; the first frame's is the global colour table, a later frame whose
/// colours all sit in it reuses it), and after the first only the rectangle of pixels that
/// changed is written, the unchanged ones in it as the transparent index, as Pillow's writer
/// does with `optimize`. Memory is the previous frame (to find what changed), one colour
/// histogram (about 9 MB, reused for every frame) and the file so far: flat in the number of frames.
///
/// Transparency: a pixel of alpha 0 is the transparent index (as Pillow makes RGBA → P); any
/// other alpha is drawn opaque in its colour (GIF has no partial alpha; Pillow drops it too).
/// Frames stay on the screen (disposal 1) unless a later frame turns some of their pixels
/// transparent: then the earlier frame is disposed to the background (disposal 2, its
/// control block changed in place), and if what must clear lies outside its rectangle, that
/// frame is written again over the whole screen. A frame identical to the one before adds its
/// duration to it instead of being written (Pillow does the same).
///
/// The file is GIF89a; `loopCount` is the NETSCAPE2.0 extension; a kept ICC profile and XMP
/// packet are the ICCRGBG1012 and "XMP DataXMP" application extensions (ImageMagick's and
/// the XMP specification's layouts). GIF holds no EXIF or IPTC.
package struct GIFAnimationEncoder: AnimationEncoder, ~Copyable {
    package let width: Int
    package let height: Int
    private let destination: String
    /// Whether every frame gets a graphic control extension (an animation: a later frame may
    /// change its disposal or delay), or only a frame with a transparent index (a still).
    private let alwaysWritesControl: Bool
    /// The loop, ICC and XMP extensions, written after the global colour table.
    private let leadingExtensions: [UInt8]
    private var output: [UInt8] = []
    /// The last frame appended, as given, and where its bytes are.
    private var previous: HostImage?
    private var last: WrittenFrame?
    private var globalPalette: [UInt32] = []
    private var globalTableBits = 0
    /// Reused from frame to frame (emptied before each).
    private var histogram = ColourHistogram()

    /// Where a written frame's bytes start, where its control block is, its rectangle, delay.
    private struct WrittenFrame {
        var start: Int
        var control: Int?
        var rect: GIFRect
        var delay: Int
    }

    /// `loopCount`: nil writes no loop count (played once, where the format allows), 0 loops
    /// forever, N loops N times (as Pillow's `loop=`). `metadata` is written as the
    /// format can hold it, per `options.keep`.
    package init(width: Int, height: Int, loopCount: Int?, metadata: ImageMetadata,
                 options: EncodeOptions, destination: String) throws(ImageCodecError) {
        try self.init(width: width, height: height, loopCount: loopCount, metadata: metadata,
                      options: options, destination: destination, alwaysWritesControl: true)
    }

    init(width: Int, height: Int, loopCount: Int?, metadata: ImageMetadata, options: EncodeOptions,
         destination: String, alwaysWritesControl: Bool) throws(ImageCodecError) {
        guard (1...65_535).contains(width), (1...65_535).contains(height) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "GIF sides are 1...65535 pixels (got \(width)x\(height))"))
        }
        if let loopCount, !(0...65_535).contains(loopCount) {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "GIF loop count must be 0...65535 (got \(loopCount))"))
        }
        self.width = width
        self.height = height
        self.destination = destination
        self.alwaysWritesControl = alwaysWritesControl
        var extensions: [UInt8] = []
        if let loopCount { GIFBlocks.loopExtension(loopCount, into: &extensions) }
        if let profile = metadata.profileToWrite(options) { GIFBlocks.iccExtension(profile, into: &extensions) }
        if let xmp = metadata.blocksToWrite(options, width: width, height: height).xmp {
            GIFBlocks.xmpExtension(xmp, into: &extensions)
        }
        leadingExtensions = extensions
    }

    /// Appends one frame of `width` × `height`; `duration` nil means the format's default
    /// (no delay).
    package mutating func append(_ frame: HostImage, duration: Duration?) throws(ImageCodecError) {
        guard frame.width == width, frame.height == height else {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "frame is \(frame.width)x\(frame.height), the GIF is \(width)x\(height)"))
        }
        let delay = GIFFrameDelay.centiseconds(duration)
        guard let previous, let last else {
            let plan = GIFFramePlan.first(frame)
            writeFrame(frame, plan: plan, delay: delay)
            self.previous = frame
            return
        }
        var cleared: GIFRect?
        if let clear = GIFFramePlan.rectToClear(frame, previous: previous) {
            if last.rect.contains(clear) {
                setDisposal(2, of: last)
                cleared = last.rect
            } else {
                // Written again over the whole screen, then cleared whole.
                output.removeSubrange(last.start...)
                self.last = nil
                writeFrame(previous, plan: GIFFramePlan.whole(previous), delay: last.delay, disposal: 2)
                cleared = GIFRect(x: 0, y: 0, width: width, height: height)
            }
        }
        guard let plan = GIFFramePlan.changes(frame, previous: previous, cleared: cleared) else {
            if cleared == nil, let last = self.last {
                // Nothing to draw: the previous frame is shown for this one's time as well.
                setDelay(min(GIFFrameDelay.maximum, last.delay + delay), of: last)
            } else {
                writeFrame(frame, plan: GIFFramePlan.nothing, delay: delay)
            }
            self.previous = frame
            return
        }
        writeFrame(frame, plan: plan, delay: delay)
        self.previous = frame
    }

    /// The whole encoded file; at least one frame must have been appended.
    package consuming func finish() throws(ImageCodecError) -> [UInt8] {
        guard previous != nil else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("a GIF needs at least one frame"))
        }
        output.append(0x3B)
        return output
    }

    /// Quantises and writes the pixels `plan` draws; the rest of its rectangle is the
    /// transparent index.
    private mutating func writeFrame(_ frame: HostImage, plan: GIFFramePlan, delay: Int, disposal: Int = 1) {
        let rect = plan.rect
        histogram.reset()
        plan.forEachDrawn(frame) { r, g, b in histogram.add(r, g, b) }
        let needsTransparent = plan.leavesPixelsUndrawn
        let maximum = needsTransparent ? 255 : 256
        var palette = AdaptivePalette.make(from: histogram, maximumColours: maximum)
        if palette.isEmpty { palette = [0] }
        let isFirst = output.isEmpty
        // A later frame reuses the global table when its exact colours are all in it.
        var usesGlobal = isFirst
        if !isFirst, let exact = histogram.exactColours(limit: maximum),
           !needsTransparent || globalPalette.count < 2 << globalTableBits {
            let global = Set(globalPalette)
            if exact.allSatisfy(global.contains) { palette = globalPalette; usesGlobal = true }
        }
        let transparentIndex = needsTransparent ? palette.count : nil
        let entries = palette.count + (needsTransparent ? 1 : 0)
        let bits = usesGlobal && !isFirst ? globalTableBits : GIFBlocks.tableBits(forCount: entries)
        if isFirst {
            globalPalette = palette
            globalTableBits = bits
            GIFBlocks.header(width: width, height: height, globalTableBits: bits, into: &output)
            GIFBlocks.colourTable(palette, bits: bits, into: &output)
            output.append(contentsOf: leadingExtensions)
        }
        let start = output.count
        var control: Int?
        if alwaysWritesControl || transparentIndex != nil {
            control = output.count
            GIFBlocks.graphicControl(disposal: alwaysWritesControl ? disposal : 0, delay: delay,
                                     transparentIndex: transparentIndex, into: &output)
        }
        GIFBlocks.imageDescriptor(rect, localTableBits: usesGlobal ? nil : bits, into: &output)
        if !usesGlobal { GIFBlocks.colourTable(palette, bits: bits, into: &output) }
        var nearest = NearestPaletteColour(palette: palette)
        let indices = plan.indices(frame, transparentIndex: UInt8(truncatingIfNeeded: transparentIndex ?? 0)) { r, g, b in
            nearest.index(r, g, b)
        }
        GIFLZWEncoder.encode(indices, minimumCodeSize: max(2, bits + 1), into: &output)
        last = WrittenFrame(start: start, control: control, rect: rect, delay: delay)
    }

    private mutating func setDisposal(_ disposal: Int, of frame: WrittenFrame) {
        guard let control = frame.control else { return }
        let at = control + GIFBlocks.controlPackedOffset
        output[at] = output[at] & ~0x1C | UInt8(disposal << 2)
    }

    private mutating func setDelay(_ delay: Int, of frame: WrittenFrame) {
        guard let control = frame.control else { return }
        let at = control + GIFBlocks.controlDelayOffset
        output[at] = UInt8(delay & 0xFF)
        output[at + 1] = UInt8(delay >> 8)
        last?.delay = delay
    }
}

extension GIFRect {
    func contains(_ other: GIFRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
