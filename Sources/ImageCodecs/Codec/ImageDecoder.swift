/// Decodes image files into `HostImage`s (8-bit RGBA), every format through its
/// `ImageFormatRegistry` entry's `ImageLoader`.
///
/// Each decode: find the format from the signature; read the header with a small parser of
/// our own (size, EXIF orientation, whether the file is cut off before the image data); refuse
/// it if `width * height > options.maxPixels` before any pixel memory exists; decode straight
/// into the result's storage; apply the EXIF orientation. Every failure is an
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
    static func decode(data: consuming [UInt8], source: String, options: DecodeOptions,
                       pngPath: PNGDecodePath) throws(ImageCodecError) -> DecodedImage {
        var options = options
        options.pngDecodePath = pngPath
        let format = try sniff(data, source: source)
        let entry = ImageFormatRegistry.entry(for: format)
        let prelude = try Prelude(data, entry: entry, source: source, options: &options)
        let loader = try entry.loader.init(consume data, source: source, options: options)
        let header = loader.header
        try checkPixelLimit(width: header.storedWidth, height: header.storedHeight, options: options, source: source)
        var decoded = try loader.decode(options: options)
        prelude.finish(&decoded, options: options)
        return decoded
    }

    /// What every decode reads from the file before its loader does, and adds to the image
    /// after (`decode` and `decodeForDevice`).
    struct Prelude {
        let profile: [UInt8]?
        let blocks: MetadataBlocks?

        /// Reads the profile and the metadata blocks `options` ask for; sets
        /// `options.cmykTransform` when a CMYK picture is to be converted through its profile.
        init(_ data: borrowing [UInt8], entry: ImageFormatRegistry.Entry, source: String,
             options: inout DecodeOptions) throws(ImageCodecError) {
            // Read before the loader: the PNG loader may rename colour chunks in place for libpng.
            let profile = options.readsICCProfile || options.convertsCMYKToSRGB
                ? data.withUnsafeBytes { entry.loader.iccProfile(in: $0) } : nil
            if options.convertsCMYKToSRGB, let profile, CMYKConversion.isCMYKProfile(profile) {
                do {
                    options.cmykTransform = try ColourTransform.toSRGB(from: profile)
                } catch {
                    throw ImageCodecError(source: source, reason: .colourProfile(error))
                }
            }
            let wantedBlocks = options.readsMetadata.subtracting(.icc)
            self.profile = profile
            blocks = wantedBlocks.isEmpty ? nil : data.withUnsafeBytes { entry.loader.metadataBlocks(in: $0, wanted: wantedBlocks) }
        }

        func finish(_ decoded: inout DecodedImage, options: DecodeOptions) {
            // Pixels converted through the profile are sRGB: they carry no profile any more.
            decoded.metadata.iccProfile = decoded.facts.convertedThroughProfile || !options.readsICCProfile ? nil : profile
            if let blocks { decoded.attach(blocks) }
        }
    }

    /// The header of the file at `path`: format, stored size, EXIF orientation.
    package static func readHeader(contentsOf path: String) throws(ImageCodecError) -> ImageHeader {
        try readHeader(data: ImageFileReader.readAll(path: path), source: path)
    }

    /// The header of an image in memory. Cheap: no pixel is decoded. Reports a file cut off
    /// before its image data as `.truncated`, but later damage only shows when decoding.
    package static func readHeader(data: [UInt8], source: String) throws(ImageCodecError) -> ImageHeader {
        let format = try sniff(data, source: source)
        return try ImageFormatRegistry.entry(for: format).loader.init(data, source: source, options: DecodeOptions()).header
    }

    static func sniff(_ data: [UInt8], source: String) throws(ImageCodecError) -> ImageFormat {
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
