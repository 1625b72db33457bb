/// The frames of an animated PNG composed as Pillow 13's `PngImagePlugin` shows them after
/// `seek(i)` and `convert("RGBA")`: each frame's data decoded as a PNG of its own (the file's
/// `IHDR` at the frame's size, `PLTE`, `tRNS`, its `fdAT` data as `IDAT`) by our PNG decoder,
/// then placed on the canvas at its offset, replacing the rectangle (`blend_op` source) or
/// pasted through its alpha (`blend_op` over, Pillow's `paste` with the frame as mask: every
/// channel, alpha included, `(old · (255 − a) + new · a) / 255` rounded). Before the next frame,
/// the rectangle is disposed of: cleared to the mode's zero (transparent black; a palette
/// image's index 0; opaque black for RGB and gray, transparent only when black is their `tRNS`
/// colour) or put back as it was (`dispose_op` previous; the first frame's is cleared instead).
/// The default image is frame 0; when it is not part of the animation, the next frames are
/// drawn over it, as Pillow draws them.
final class APNGCanvas: AnimationFrameReader {
    let width: Int
    let height: Int
    var loopCount: Int? { controls.loopCount }
    /// The frames found (every control was read up front), which is what is delivered.
    var declaredFrameCount: Int? { controls.frames.count }

    private let file: [UInt8]
    private let controls: APNGFrames
    private let options: DecodeOptions
    private let source: String
    private var next = 0
    private var canvas: [UInt8] = []
    private var pending: (control: APNGFrames.Control, saved: [UInt8]?)?
    private var failure: ImageCodecError?

    init(_ file: [UInt8], controls: APNGFrames, width: Int, height: Int, options: DecodeOptions, source: String) {
        self.file = file
        self.controls = controls
        self.width = width
        self.height = height
        var frameOptions = DecodeOptions(maxPixels: options.maxPixels, applyOrientation: false,
                                         failOnWarnings: options.failOnWarnings, memoryBudget: options.memoryBudget)
        frameOptions.pngDecodePath = options.pngDecodePath
        self.options = frameOptions
        self.source = source
    }

    func nextFrame() throws(ImageCodecError) -> ImageFrame<HostImage>? {
        if let failure { throw failure }
        guard next < controls.frames.count else { return nil }
        do {
            return try composeNext()
        } catch {
            failure = error
            throw error
        }
    }

    private func composeNext() throws(ImageCodecError) -> ImageFrame<HostImage>? {
        let control = controls.frames[next]
        let pixels = try decode(control)
        if next == 0 {
            guard control.width == width, control.height == height else {
                throw ImageCodecError(source: source, reason: .corrupt("APNG: the first frame is not the whole canvas"))
            }
            canvas = pixels.pixels
        } else {
            applyPendingDisposal()
        }
        // Disposal "previous" keeps the rectangle as it is before this frame is drawn; the
        // first frame has nothing before it and is cleared instead (Pillow).
        let saved = next > 0 && control.dispose == 2 ? rectangle(control) : nil
        if next > 0 { place(pixels.pixels, control) }
        pending = control.dispose == 1 || control.dispose == 2 ? (control, saved) : nil
        next += 1
        var image = HostImage(width: width, height: height, computedPixels: canvas)
        if opaque { image.markOpaqueByConstruction() }
        return ImageFrame(image, duration: control.duration)
    }

    /// RGB or gray without `tRNS`: Pillow's RGB, alpha 255 throughout.
    private var opaque: Bool {
        let colourType = controls.header[9]
        return (colourType == 0 || colourType == 2) && controls.transparency == nil
    }

    /// The mode's zero, as RGBA.
    private var clearColour: [UInt8] {
        switch controls.header[9] {
        case 3:
            let rgb = controls.palette.map { $0.count >= 3 ? Array($0[0..<3]) : [0, 0, 0] } ?? [0, 0, 0]
            return rgb + [controls.transparency.flatMap { $0.first } ?? 255]
        case 0, 2:
            let blackIsKey = controls.transparency.map { $0.allSatisfy { $0 == 0 } } ?? false
            return [0, 0, 0, blackIsKey ? 0 : 255]
        default:
            return [0, 0, 0, 0]
        }
    }

    private func applyPendingDisposal() {
        guard let (control, saved) = pending else { return }
        pending = nil
        let clear = clearColour
        for row in 0..<control.height {
            let start = ((control.y + row) * width + control.x) * 4
            for x in 0..<(control.width * 4) {
                canvas[start + x] = saved.map { $0[row * control.width * 4 + x] } ?? clear[x & 3]
            }
        }
    }

    private func rectangle(_ control: APNGFrames.Control) -> [UInt8] {
        var saved: [UInt8] = []
        saved.reserveCapacity(control.width * control.height * 4)
        for row in 0..<control.height {
            let start = ((control.y + row) * width + control.x) * 4
            saved.append(contentsOf: canvas[start..<(start + control.width * 4)])
        }
        return saved
    }

    private func place(_ frame: [UInt8], _ control: APNGFrames.Control) {
        for row in 0..<control.height {
            let start = ((control.y + row) * width + control.x) * 4
            let from = row * control.width * 4
            if control.blend == 0 {
                canvas.replaceSubrange(start..<(start + control.width * 4), with: frame[from..<(from + control.width * 4)])
                continue
            }
            for x in stride(from: 0, to: control.width * 4, by: 4) {
                let a = Int(frame[from + x + 3])
                for c in 0..<4 {
                    let mixed = Int(canvas[start + x + c]) * (255 - a) + Int(frame[from + x + c]) * a + 128
                    canvas[start + x + c] = UInt8((mixed + (mixed >> 8)) >> 8)
                }
            }
        }
    }

    /// The frame's data as a PNG of its own, decoded.
    private func decode(_ control: APNGFrames.Control) throws(ImageCodecError) -> HostImage {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = controls.header
        for (i, value) in [control.width, control.height].enumerated() {
            for k in 0..<4 { header[i * 4 + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
        }
        header.withUnsafeBytes { PNGFileAssembler.appendChunk("IHDR", data: $0, to: &png) }
        controls.palette?.withUnsafeBytes { PNGFileAssembler.appendChunk("PLTE", data: $0, to: &png) }
        controls.transparency?.withUnsafeBytes { PNGFileAssembler.appendChunk("tRNS", data: $0, to: &png) }
        var data: [UInt8] = []
        for range in control.data { data.append(contentsOf: file[range]) }
        data.withUnsafeBytes { PNGFileAssembler.appendChunk("IDAT", data: $0, to: &png) }
        PNGFileAssembler.appendChunk("IEND", data: UnsafeRawBufferPointer(start: nil, count: 0), to: &png)
        let image = try ImageDecoder.decode(data: png, source: source, options: options, pngPath: options.pngDecodePath).image
        guard image.width == control.width, image.height == control.height else {
            throw ImageCodecError(source: source, reason: .corrupt("APNG frame decoded at another size"))
        }
        return image
    }
}
