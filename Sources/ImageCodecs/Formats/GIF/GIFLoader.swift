/// GIF through giflib, frame by frame as Pillow 13 shows them (`GIFCanvas`), on a canvas the
/// size of the logical screen (grown if the first frame overhangs it). The first frame: outside
/// it the canvas is the transparent index when there is one, else index 0; the transparent
/// index becomes alpha 0 (its colour kept). A file with no colour table is gray (index = level).
/// With `DecodeOptions.frames == .all` the later frames follow in `DecodedImage.animation`,
/// each with its delay and the NETSCAPE2.0 loop count.
///
/// GIF has no warnings here: LZW data that ends before a frame is complete is `.truncated`
/// (Pillow: "image file is truncated") whatever `failOnWarnings` says. A still decode reads the
/// records after the first frame only to learn whether another follows (`DecodeFacts.isAnimated`):
/// damage there fails nothing. GIF carries no orientation. Its ICC profile is the
/// `ICCRGBG1012` application extension before the first image (`GIFColourProfile`); one that
/// cannot be used is left out with a line in `DecodeFacts.metadataWarnings`, as a broken EXIF
/// block is.
struct GIFLoader: ImageLoader {
    static let signature87: [UInt8] = Array("GIF87a".utf8)
    static let signature89: [UInt8] = Array("GIF89a".utf8)

    static let sniff: @Sendable (UnsafeRawBufferPointer) -> ImageFormat.SniffResult = { b in
        let a = ImageFormat.gif.matchPrefix(signature87, of: b)
        return a == .unrecognised ? ImageFormat.gif.matchPrefix(signature89, of: b) : a
    }

    /// giflib, opened once over the file and positioned at the first frame.
    private let reader: GIFFrameReader
    private let source: String
    let header: ImageHeader
    /// Why the profile extension was dropped, when the decode reads the profile.
    private let droppedProfile: String?

    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError) {
        droppedProfile = options.readsICCProfile ? file.withUnsafeBytes { GIFColourProfile.read($0) }.dropReason : nil
        let reader = try GIFFrameReader(file, source: source)
        self.reader = reader
        self.source = source
        header = try ImageHeader(format: .gif, storedWidth: reader.width, storedHeight: reader.height,
                                 orientation: .topLeft).checkedSides(source: source)
    }

    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        guard reader.width > 0, reader.height > 0 else {
            throw ImageCodecError(source: source, reason: .corrupt("GIF size \(reader.width)x\(reader.height)"))
        }
        // The canvas and, for disposal 3, a copy of one frame's rectangle of it.
        try ImageDecoder.checkMemoryBudget(width: reader.width, height: reader.height,
                                           decoderBytes: reader.width * reader.height * 8, options: options, source: source)
        let canvas = GIFCanvas(reader)
        guard let first = try canvas.nextFrame() else {
            throw ImageCodecError(source: source, reason: .corrupt("GIF has no image"))
        }
        var decoded = Self.finish(first.pixels, header: header, options: options, opaque: first.pixels.isOpaqueByConstruction)
        decoded.facts.isAnimated = canvas.hasMoreFrames
        if canvas.hasMoreFrames, options.frames == .all {
            decoded = try decoded.animated(firstDuration: first.duration, rest: canvas, orientation: .topLeft,
                                           options: options, source: source)
        }
        if let droppedProfile { decoded.facts.metadataWarnings.append("ICC profile dropped: \(droppedProfile)") }
        return decoded
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? { GIFColourProfile.read(bytes).profile }
}
