/// A WebP being read: the RIFF container walked once (`WebPContainer`: canvas size, animation
/// and alpha flags, orientation), then the still or the animation's first frame by libwebp
/// (`WebPCodec`).
struct WebPLoader: ImageLoader {
    private let file: [UInt8]
    private let container: WebPContainer
    private let source: String
    let header: ImageHeader

    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError) {
        let container = try file.withTypedBytes { bytes throws(ImageCodecError) in try WebPContainer(bytes, source: source) }
        self.file = file
        self.container = container
        self.source = source
        header = ImageHeader(format: .webp, storedWidth: container.width, storedHeight: container.height,
                             orientation: container.orientation)
    }

    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        try WebPCodec.decode(file, container: container, options: options, source: source)
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        ImageFormat.isWebP(bytes) ? WebPColourProfile.read(bytes) : nil
    }

    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        ImageFormat.isWebP(bytes) ? WebPMetadataChunks.read(bytes, wanted: wanted) : MetadataBlocks()
    }
}
