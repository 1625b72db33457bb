/// A loader for a format whose C library reads the stream itself (libtiff, libavif, libheif):
/// the header is read by opening the file once with no limits, and `decode` opens it again
/// with the decode's allocation and strictness limits. Such a loader is only its two static
/// reads; keeping the file, checking the header's sides and handing the bytes over is here,
/// once.
protocol ReopeningImageLoader: ImageLoader {
    /// The whole file, kept for `decode`.
    var file: [UInt8] { get }
    /// The input's name for messages.
    var source: String { get }

    init(file: [UInt8], source: String, header: ImageHeader)

    /// The header of `bytes` (the whole file), as the library reads it.
    static func readHeader(_ bytes: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) -> ImageHeader

    /// The picture of `bytes`, opened again under `options`' limits.
    static func decode(_ bytes: UnsafeRawBufferPointer, header: ImageHeader, options: DecodeOptions,
                       source: String) throws(ImageCodecError) -> DecodedImage
}

extension ReopeningImageLoader {
    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError) {
        let header = try file.withTypedBytes { bytes throws(ImageCodecError) in
            try Self.readHeader(bytes, source: source)
        }.checkedSides(source: source)
        self.init(file: file, source: source, header: header)
    }

    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        let (header, source) = (header, source)
        return try file.withTypedBytes { bytes throws(ImageCodecError) in
            try Self.decode(bytes, header: header, options: options, source: source)
        }
    }
}
