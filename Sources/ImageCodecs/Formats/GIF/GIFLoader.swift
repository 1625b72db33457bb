/// GIF through giflib: the first frame of an animation, as Pillow 13 shows it, on a canvas the
/// size of the logical screen (grown if the frame overhangs it). Outside the frame the canvas
/// is the transparent index when there is one, else index 0; the transparent index becomes
/// alpha 0 (its colour kept). A file with no colour table is gray (index = level).
///
/// GIF has no warnings here: LZW data that ends before the frame is complete is `.truncated`
/// (Pillow: "image file is truncated") whatever `failOnWarnings` says; what follows the
/// first frame is never read. GIF carries no orientation; its rare ICC application
/// extension is not read.
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

    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError) {
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
        try ImageDecoder.checkMemoryBudget(width: reader.width, height: reader.height, options: options, source: source)
        let frame = try reader.readIndices()
        let lookup: [UInt32] = (0..<256).map { i in
            // No table: gray levels; an index past the table: black, as Pillow's palettes read.
            let gray = (UInt8(i), UInt8(i), UInt8(i))
            let colour = reader.palette.map { i < $0.count ? $0[i] : (0, 0, 0) } ?? gray
            let alpha: UInt32 = i == reader.transparentIndex ? 0 : 0xFF00_0000
            return UInt32(colour.0) | UInt32(colour.1) << 8 | UInt32(colour.2) << 16 | alpha
        }
        let background = lookup[reader.transparentIndex ?? 0]
        // Initialised to the background, then the frame over it: no pixel is left unwritten.
        var words = [UInt32](repeating: background.littleEndian, count: reader.width * reader.height)
        for y in 0..<reader.frameHeight {
            let base = (reader.frameY + y) * reader.width + reader.frameX
            for x in 0..<reader.frameWidth {
                words[base + x] = lookup[Int(frame[y * reader.frameWidth + x])].littleEndian
            }
        }
        let pixels = words.withUnsafeBytes { [UInt8]($0) }
        return Self.finish(HostImage(width: reader.width, height: reader.height, computedPixels: pixels),
                           header: header, options: options, opaque: reader.transparentIndex == nil)
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? { nil }
}
