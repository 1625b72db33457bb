/// What a decode for a compute device gives: a JPEG's coefficients, for the device to make
/// the pixels from, or the image decoded on the host (any other format, or a JPEG the device
/// decoder does not reproduce exactly: `JPEGCoefficientReader`).
package enum DeviceDecodeInput: Sendable {
    case decoded(DecodedImage)
    case jpegCoefficients(JPEGCoefficientImage)
}

/// A JPEG's coefficients with the metadata and facts its decoded image carries (those of
/// `ImageDecoder.decode`, the same in every field), and the file, for the host decoder when
/// the device turns the coefficients down (a block outside the range where it is exact).
package struct JPEGCoefficientImage: Sendable {
    package let coefficients: JPEGCoefficients
    package let metadata: ImageMetadata
    package let facts: DecodeFacts
    private let file: [UInt8]
    private let source: String
    private let options: DecodeOptions

    init(coefficients: JPEGCoefficients, metadata: ImageMetadata, facts: DecodeFacts, file: [UInt8], source: String,
         options: DecodeOptions) {
        self.coefficients = coefficients
        self.metadata = metadata
        self.facts = facts
        self.file = file
        self.source = source
        self.options = options
    }

    /// The same image decoded by libjpeg-turbo on the host.
    package func decodeOnHost() throws(ImageCodecError) -> DecodedImage {
        try ImageDecoder.decode(data: file, source: source, options: options)
    }
}

extension ImageDecoder {
    /// `decode(contentsOf:options:)` for a device decoder.
    package static func decodeForDevice(contentsOf path: String, options: DecodeOptions,
                                        stage: JPEGDeviceStage = .entropy) throws(ImageCodecError) -> DeviceDecodeInput {
        try decodeForDevice(data: ImageFileReader.readAll(path: path), source: path, options: options, stage: stage)
    }

    /// `decode(data:source:options:)` for a device decoder: the same checks, in the same order,
    /// with the same errors; a JPEG the device reproduces exactly stops at its coefficients
    /// (`stage` `.entropy`: at its headers and scan where the device can entropy-decode it).
    package static func decodeForDevice(data: [UInt8], source: String, options: DecodeOptions,
                                        stage: JPEGDeviceStage = .entropy) throws(ImageCodecError) -> DeviceDecodeInput {
        let format = try sniff(data, source: source)
        guard format == .jpeg else { return .decoded(try decode(data: data, source: source, options: options)) }
        let requested = options
        var options = options
        let entry = ImageFormatRegistry.entry(for: format)
        let prelude = try Prelude(data, entry: entry, source: source, options: &options)
        let loader = try JPEGLoader(data, source: source, options: options)
        let header = loader.header
        try checkPixelLimit(width: header.storedWidth, height: header.storedHeight, options: options, source: source)
        guard let coefficients = try loader.coefficients(options: options, stage: stage) else {
            var decoded = try loader.decode(options: options)
            prelude.finish(&decoded, options: options)
            return .decoded(decoded)
        }
        // The metadata and facts a host decode finishes with, on an image with no pixels.
        var shell = DecodedImage(image: HostImage(width: 0, height: 0, computedPixels: []),
                                 metadata: ImageMetadata(orientation: header.orientation,
                                                         orientationApplied: options.applyOrientation),
                                 facts: DecodeFacts(format: .jpeg, sourceWidth: coefficients.sourceWidth,
                                                    sourceHeight: coefficients.sourceHeight,
                                                    scaleDenominator: coefficients.scaleDenominator))
        prelude.finish(&shell, options: options)
        shell.facts.decodedOnDevice = true
        shell.facts.deviceDecodeStage = coefficients.entropyScan == nil ? 1 : 2
        return .jpegCoefficients(JPEGCoefficientImage(coefficients: coefficients, metadata: shell.metadata,
                                                      facts: shell.facts, file: data, source: source,
                                                      options: requested))
    }
}
