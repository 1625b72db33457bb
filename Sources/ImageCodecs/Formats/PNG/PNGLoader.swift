/// A PNG being read: the chunk scan made once (`PNGChunkScan`: size, orientation, the gamma
/// chunks to hide), then the pixels through one of the two decoders in this folder, chosen per
/// file: `PNGFastDecoder` (libdeflate, the common layouts) first, libpng (`PNGDecoder`) for
/// what it declines, so errors are libpng's, as they always were.
///
/// When warnings are not errors, what the scan or libpng refuses but Pillow reads is rewritten
/// the way Pillow reads it and decoded again (`PNGPillowRepair`); if that fails too, the first
/// refusal is the error.
struct PNGLoader: ImageLoader {
    /// The file; gamma chunks are renamed in it in place before libpng reads it, which costs a
    /// copy only while another reference to the array is held.
    private var file: [UInt8]
    private let scan: PNGChunkScan
    private let source: String
    /// Set when `file` is the repair of an original the scan refused: that refusal, thrown if
    /// the repaired file does not decode either.
    private let originalRefusal: ImageCodecError?
    let header: ImageHeader

    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError) {
        do {
            self = try PNGLoader(scanning: copy file, source: source, originalRefusal: nil)
        } catch {
            guard !options.failOnWarnings, let repaired = try Self.repair(file, options: options, source: source,
                                                                          refusal: error) else { throw error }
            self = repaired
        }
    }

    private init(scanning file: consuming [UInt8], source: String,
                 originalRefusal: ImageCodecError?) throws(ImageCodecError) {
        let scan = try file.withTypedBytes { bytes throws(ImageCodecError) in try PNGChunkScan(bytes, source: source) }
        self.file = file
        self.scan = scan
        self.source = source
        self.originalRefusal = originalRefusal
        header = ImageHeader(format: .png, storedWidth: scan.width, storedHeight: scan.height, orientation: scan.orientation)
    }

    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        if let originalRefusal {
            guard let image = try? decodeFile(options: options) else { throw originalRefusal }
            return image
        }
        guard !options.failOnWarnings else { return try decodeFile(options: options) }
        let original = file
        do {
            return try decodeFile(options: options)
        } catch {
            switch error.reason {
            case .tooManyPixels, .exceedsMemoryBudget: throw error
            default: break
            }
            guard var repaired = try Self.repair(original, options: options, source: source, refusal: error),
                  let image = try? repaired.decodeFile(options: options)
            else { throw error }
            return image
        }
    }

    /// `file` rewritten the way Pillow reads it and scanned, or nil when it cannot be. The size
    /// is checked before the rewrite holds the rows (the rewrite may be of a file the chunk
    /// scan refused before its own size check).
    private static func repair(_ file: [UInt8], options: DecodeOptions, source: String,
                               refusal: ImageCodecError) throws(ImageCodecError) -> PNGLoader? {
        var sizeRefusal: ImageCodecError? = nil
        let repaired = file.withUnsafeBytes { bytes in
            PNGPillowRepair.rewrite(bytes) { width, height in
                do throws(ImageCodecError) {
                    try ImageDecoder.checkPixelLimit(width: width, height: height, options: options, source: source)
                    try ImageDecoder.checkMemoryBudget(width: width, height: height, options: options, source: source)
                    return true
                } catch {
                    sizeRefusal = error
                    return false
                }
            }
        }
        if let sizeRefusal { throw sizeRefusal }
        guard let repaired else { return nil }
        return try? PNGLoader(scanning: repaired, source: source, originalRefusal: refusal)
    }

    /// The file through the fast path, else libpng, with no repair; an APNG's later frames
    /// (`APNGCanvas`) after its first when `options.frames` asks for them.
    private mutating func decodeFile(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        var decoded = try decodeFirstFrame(options: options)
        // A still decode never fails on an animation's controls: it does not show them.
        let found: APNGFrames?
        do {
            found = try APNGFrames(file, canvasWidth: scan.width, canvasHeight: scan.height, source: source)
        } catch {
            if options.frames == .all { throw error }
            found = nil
        }
        guard let controls = found, controls.frames.count > 1 else { return decoded }
        decoded.facts.isAnimated = true
        guard options.frames == .all else { return decoded }
        let canvas = APNGCanvas(file, controls: controls, width: scan.width, height: scan.height, options: options,
                                source: source)
        _ = try canvas.nextFrame()      // frame 0 again: the canvas the next frames are drawn on
        return try decoded.animated(firstDuration: controls.frames[0].duration, rest: canvas,
                                    orientation: options.applyOrientation ? scan.orientation : .topLeft,
                                    options: options, source: source)
    }

    private mutating func decodeFirstFrame(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        try ImageDecoder.checkPixelLimit(width: scan.width, height: scan.height, options: options, source: source)
        // A PNG is decoded at its full size (JPEGs are checked at their shrunk size).
        try ImageDecoder.checkMemoryBudget(width: scan.width, height: scan.height, options: options, source: source)
        let path = options.pngDecodePath
        if path != .libpng {
            let fast = file.withUnsafeBytes { bytes in
                Result { () throws(PNGFastPathDecline) in try PNGFastDecoder.decode(bytes) }
            }
            switch fast {
            case .success(let image):
                return PNGDecoder.finish(image, scan: scan, options: options)
            case .failure(let decline) where path == .fastPathOnly:
                throw ImageCodecError(source: source, reason: .corrupt("PNG fast path declined: \(decline)"))
            case .failure:
                break
            }
        }
        guard !scan.cutOffBeforeImageData else { throw ImageCodecError(source: source, reason: .truncated) }
        let hide = scan.chunksToHide
        if !hide.isEmpty {
            file.withUnsafeMutableBytes { PNGChunkScan.hideChunks(at: hide, in: $0) }
        }
        let (scan, source) = (scan, source)
        return try file.withTypedBytes { bytes throws(ImageCodecError) in
            try PNGDecoder.decode(bytes, scan: scan, options: options, source: source)
        }
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        bytes.starts(with: ImageFormat.pngSignature) ? PNGColourProfile.read(bytes) : nil
    }

    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        bytes.starts(with: ImageFormat.pngSignature) && bytes.count >= PNGChunks.afterHeader
            ? PNGMetadataChunks.read(bytes, wanted: wanted) : MetadataBlocks()
    }
}
