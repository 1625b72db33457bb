/// Decodes image files into `HostImage`s (8-bit RGBA): PNG, JPEG and WebP here, the other
/// formats of `ImageFormatRegistry` through their `ImageFormatCodec`s.
///
/// Each decode: find the format from the signature; read the header with a small parser of
/// our own (size, EXIF orientation, whether the file is cut off before the image data); refuse
/// it if `width * height > options.maxPixels` before any pixel memory exists; decode straight
/// into the result's storage; apply the EXIF orientation. PNGs of the common layouts are
/// decoded by `PNGFastDecoder` (libdeflate, about 3x faster than libpng on photos), the rest by libpng. Every failure is an
/// `ImageCodecError` naming the source; a partially decoded image is never returned.
///
/// Thread-safe: decodes share nothing, so any number can run at once.
public enum ImageDecoder {
    /// Decodes the file at `path` (read in one go by `ImageFileReader`).
    public static func decode(contentsOf path: String,
                              options: DecodeOptions = DecodeOptions()) throws(ImageCodecError) -> DecodedImage {
        try decode(data: ImageFileReader.readAll(path: path), source: path, options: options)
    }

    /// Decodes an image held in memory. `source` (a path or URL) only names the input in errors.
    ///
    /// `data` is consumed: a PNG with gamma chunks is patched in place (see `PNGChunkScan`),
    /// which costs a copy only if the caller still holds another reference to the array.
    public static func decode(data: consuming [UInt8], source: String,
                              options: DecodeOptions = DecodeOptions()) throws(ImageCodecError) -> DecodedImage {
        try decode(data: data, source: source, options: options, pngPath: .automatic)
    }

    /// `decode(data:source:options:)` with the PNG decoder chosen by `pngPath` (for tests).
    ///
    /// PNGs go to `PNGFastDecoder` first; a file it declines (a layout it does not handle, or
    /// any damage) goes to libpng, so errors are libpng's, as they always were.
    static func decode(data: consuming [UInt8], source: String, options: DecodeOptions,
                       pngPath: PNGDecodePath) throws(ImageCodecError) -> DecodedImage {
        // Read before decoding: the PNG path may rename colour chunks in place for libpng.
        let profile = options.readsICCProfile || options.convertsCMYKToSRGB ? ICCProfile.read(from: data) : nil
        var options = options
        if options.convertsCMYKToSRGB, let profile, CMYKConversion.isCMYKProfile(profile) {
            do {
                options.cmykTransform = try ColourTransform.toSRGB(from: profile)
            } catch {
                throw ImageCodecError(source: source, reason: .colourProfile(error))
            }
        }
        var decoded = try decodePixels(data: data, source: source, options: options, pngPath: pngPath)
        // Pixels converted through the profile are sRGB: they carry no profile any more.
        decoded.metadata.iccProfile = decoded.facts.convertedThroughProfile || !options.readsICCProfile ? nil : profile
        return decoded
    }

    private static func decodePixels(data: consuming [UInt8], source: String, options: DecodeOptions,
                                     pngPath: PNGDecodePath) throws(ImageCodecError) -> DecodedImage {
        let data = data
        switch try sniff(data, source: source) {
        case .png:
            guard !options.failOnWarnings else {
                return try decodePNG(data: data, source: source, options: options, pngPath: pngPath)
            }
            // Warnings are not errors: what libpng refuses but Pillow reads is rewritten the way
            // Pillow reads it and decoded again (see `PNGPillowRepair`).
            let original = data
            do {
                return try decodePNG(data: data, source: source, options: options, pngPath: pngPath)
            } catch {
                switch error.reason {
                case .tooManyPixels, .exceedsMemoryBudget: throw error
                default: break
                }
                // The size is checked before the rewrite holds the rows: the chunk scan refused
                // this file before its own size check.
                var refusal: ImageCodecError? = nil
                let repaired = original.withUnsafeBytes { bytes in
                    PNGPillowRepair.rewrite(bytes) { width, height in
                        do throws(ImageCodecError) {
                            try checkPixelLimit(width: width, height: height, options: options, source: source)
                            try checkMemoryBudget(width: width, height: height, options: options, source: source)
                            return true
                        } catch {
                            refusal = error
                            return false
                        }
                    }
                }
                if let refusal { throw refusal }
                guard let repaired,
                      let image = try? decodePNG(data: repaired, source: source, options: options, pngPath: pngPath)
                else { throw error }
                return image
            }
        case .jpeg:
            return try data.withTypedBytes { bytes throws(ImageCodecError) in
                let scan = try JPEGMarkerScan(bytes, source: source)
                try checkPixelLimit(width: scan.width, height: scan.height, options: options, source: source)
                return try JPEGDecoder.decode(bytes, scan: scan, options: options, source: source)
            }
        case .webp:
            return try data.withTypedBytes { bytes throws(ImageCodecError) in
                let container = try WebPContainer(bytes, source: source)
                try checkPixelLimit(width: container.width, height: container.height, options: options, source: source)
                return try WebPCodec.decode(bytes, container: container, options: options, source: source)
            }
        case let format:
            return try data.withTypedBytes { bytes throws(ImageCodecError) in
                let codec = try registeredCodec(format, source: source)
                let header = try registeredHeader(codec, bytes, source: source)
                try checkPixelLimit(width: header.storedWidth, height: header.storedHeight, options: options, source: source)
                return try codec.decode(bytes, header: header, options: options, source: source)
            }
        }
    }

    /// A registered codec's header, refused when a side is outside `ImageHeader.sides`: planning
    /// and the memory budget trust it before any pixel is decoded (libheif reports a damaged
    /// file's size as 0; a TIFF may declare a width of 2^32 - 37).
    private static func registeredHeader(_ codec: any ImageFormatCodec.Type, _ bytes: UnsafeRawBufferPointer,
                                         source: String) throws(ImageCodecError) -> ImageHeader {
        let header = try codec.readHeader(bytes, source: source)
        guard ImageHeader.sides.contains(header.storedWidth), ImageHeader.sides.contains(header.storedHeight) else {
            throw ImageCodecError(source: source, reason: .corrupt(
                "\(header.format.displayName) size \(header.storedWidth)x\(header.storedHeight)"))
        }
        return header
    }

    /// The registry's decoder for `format` (every format but PNG, JPEG and WebP has one).
    private static func registeredCodec(_ format: ImageFormat,
                                        source: String) throws(ImageCodecError) -> any ImageFormatCodec.Type {
        guard let codec = ImageFormatRegistry.entry(for: format).codec else {
            throw ImageCodecError(source: source, reason: .corrupt("no decoder for \(format.displayName)"))
        }
        return codec
    }

    /// A PNG through the fast path, else libpng.
    private static func decodePNG(data: consuming [UInt8], source: String, options: DecodeOptions,
                                  pngPath: PNGDecodePath) throws(ImageCodecError) -> DecodedImage {
        var data = data
        let scan = try data.withTypedBytes { bytes throws(ImageCodecError) in
            try PNGChunkScan(bytes, source: source)
        }
        try checkPixelLimit(width: scan.width, height: scan.height, options: options, source: source)
        // A PNG is decoded at its full size (JPEGs are checked at their shrunk size).
        try checkMemoryBudget(width: scan.width, height: scan.height, options: options, source: source)
        if pngPath != .libpng {
            let fast = data.withUnsafeBytes { bytes in
                Result { () throws(PNGFastPathDecline) in try PNGFastDecoder.decode(bytes) }
            }
            switch fast {
            case .success(let image):
                return PNGDecoder.finish(image, scan: scan, options: options)
            case .failure(let decline) where pngPath == .fastPathOnly:
                throw ImageCodecError(source: source, reason: .corrupt("PNG fast path declined: \(decline)"))
            case .failure:
                break
            }
        }
        guard !scan.cutOffBeforeImageData else { throw ImageCodecError(source: source, reason: .truncated) }
        let hide = scan.chunksToHide
        if !hide.isEmpty {
            data.withUnsafeMutableBytes { PNGChunkScan.hideChunks(at: hide, in: $0) }
        }
        return try data.withTypedBytes { bytes throws(ImageCodecError) in
            try PNGDecoder.decode(bytes, scan: scan, options: options, source: source)
        }
    }

    /// The header of the file at `path`: format, stored size, EXIF orientation.
    public static func readHeader(contentsOf path: String) throws(ImageCodecError) -> ImageHeader {
        try readHeader(data: ImageFileReader.readAll(path: path), source: path)
    }

    /// The header of an image in memory. Cheap: no pixel is decoded. Reports a file cut off
    /// before its image data as `.truncated`, but later damage only shows when decoding.
    public static func readHeader(data: [UInt8], source: String) throws(ImageCodecError) -> ImageHeader {
        let format = try sniff(data, source: source)
        return try data.withTypedBytes { bytes throws(ImageCodecError) in
            switch format {
            case .png:
                let scan = try PNGChunkScan(bytes, source: source)
                return ImageHeader(format: .png, storedWidth: scan.width, storedHeight: scan.height,
                                   orientation: scan.orientation)
            case .jpeg:
                let scan = try JPEGMarkerScan(bytes, source: source)
                return ImageHeader(format: .jpeg, storedWidth: scan.width, storedHeight: scan.height,
                                   orientation: scan.orientation)
            case .webp:
                let container = try WebPContainer(bytes, source: source)
                return ImageHeader(format: .webp, storedWidth: container.width, storedHeight: container.height,
                                   orientation: container.orientation)
            case let format:
                return try registeredHeader(registeredCodec(format, source: source), bytes, source: source)
            }
        }
    }

    private static func sniff(_ data: [UInt8], source: String) throws(ImageCodecError) -> ImageFormat {
        if data.isEmpty { throw ImageCodecError(source: source, reason: .empty) }
        switch data.withUnsafeBytes({ ImageFormat.sniff($0) }) {
        case .format(let format):
            return format
        case .truncatedSignature:
            throw ImageCodecError(source: source, reason: .truncated)
        case .unrecognised:
            throw ImageCodecError(source: source, reason: .unrecognisedFormat(leadingBytes: Array(data.prefix(8))))
        }
    }

    static func checkPixelLimit(width: Int, height: Int, options: DecodeOptions,
                                        source: String) throws(ImageCodecError) {
        // Both sides are below 2^31, so the product cannot overflow.
        if width * height > options.maxPixels {
            throw ImageCodecError(source: source,
                                  reason: .tooManyPixels(width: width, height: height, limit: options.maxPixels))
        }
    }

    /// The size an image is decoded at, against `options.memoryBudget`; `decoderBytes` is what
    /// the decoder's own buffers hold at their peak when it knows that (see `MemoryBudget`).
    static func checkMemoryBudget(width: Int, height: Int, decoderBytes: Int = 0, options: DecodeOptions,
                                  source: String) throws(ImageCodecError) {
        let bytes = MemoryBudget.estimate(width: width, height: height, decoderBytes: decoderBytes)
        if bytes > options.memoryBudget {
            throw ImageCodecError(source: source, reason: .exceedsMemoryBudget(width: width, height: height, bytes: bytes,
                                                                               budget: options.memoryBudget))
        }
    }
}
