/// A JPEG being read: the marker scan made once (`JPEGMarkerScan`: size, components,
/// orientation), then the pixels by libjpeg-turbo (`JPEGDecoder`), shrunk on load when asked.
struct JPEGLoader: ImageLoader {
    private let file: [UInt8]
    private let scan: JPEGMarkerScan
    private let source: String
    let header: ImageHeader

    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError) {
        let scan = try file.withTypedBytes { bytes throws(ImageCodecError) in try JPEGMarkerScan(bytes, source: source) }
        self.file = file
        self.scan = scan
        self.source = source
        header = ImageHeader(format: .jpeg, storedWidth: scan.width, storedHeight: scan.height, orientation: scan.orientation)
    }

    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        let (scan, source) = (scan, source)
        return try file.withTypedBytes { bytes throws(ImageCodecError) in
            try JPEGDecoder.decode(bytes, scan: scan, options: options, source: source)
        }
    }

    /// The coefficients for a device decode (`JPEGCoefficientReader`), or nil when the host
    /// decoder must make this file's pixels; throws what any decode of it throws first.
    func coefficients(options: DecodeOptions, stage: JPEGDeviceStage) throws(ImageCodecError) -> JPEGCoefficients? {
        let (file, scan, source) = (file, scan, source)
        return try file.withTypedBytes { bytes throws(ImageCodecError) in
            try JPEGCoefficientReader.read(bytes, file: file, scan: scan, options: options, source: source, stage: stage)
        }
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        bytes.count > 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 ? JPEGColourProfile.read(bytes) : nil
    }

    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        bytes.count > 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 ? JPEGMetadataSegments.read(bytes, wanted: wanted) : MetadataBlocks()
    }
}
