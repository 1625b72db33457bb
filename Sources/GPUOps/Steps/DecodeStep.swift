import ComputeCore
import ImageCodecs

/// Decodes a file or bytes in memory into an image on the host, with its metadata and facts.
/// The options say how: pixel and memory limits, orientation, shrink-on-load, what metadata
/// to read. With a backend (`decode(contentsOf:for:)`) and a `mode` that decodes there, a
/// JPEG's pixels are made on the backend's device from its coefficients instead, and stay
/// there for the steps after; the pixels, metadata, facts and errors are the same.
public struct DecodeStep: Sendable {
    public var options: DecodeOptions
    /// Where JPEGs are decoded when a backend is given.
    public var mode: DecodeMode

    public init(options: DecodeOptions = DecodeOptions(), mode: DecodeMode = .auto) {
        self.options = options
        self.mode = mode
    }

    public func decode(contentsOf path: String) throws -> ImageContainer {
        ImageContainer(try ImageDecoder.decode(contentsOf: path, options: options))
    }

    /// `source` names the bytes in errors (a URL, say).
    public func decode(_ bytes: [UInt8], source: String) throws -> ImageContainer {
        ImageContainer(try ImageDecoder.decode(data: bytes, source: source, options: options))
    }

    /// The file decoded for `backend`: on its device when `mode` says so and the file is a
    /// JPEG the device decoder reproduces exactly (`facts.decodedOnDevice` then true), else
    /// on the host.
    public func decode(contentsOf path: String, for backend: any ComputeBackend) throws -> ImageContainer {
        guard let stage = mode.deviceStage(on: backend) else { return try decode(contentsOf: path) }
        return try resident(ImageDecoder.decodeForDevice(contentsOf: path, options: options, stage: stage), on: backend)
    }

    /// `decode(_:source:)` for `backend`, as `decode(contentsOf:for:)`.
    public func decode(_ bytes: [UInt8], source: String, for backend: any ComputeBackend) throws -> ImageContainer {
        guard let stage = mode.deviceStage(on: backend) else { return try decode(bytes, source: source) }
        return try resident(ImageDecoder.decodeForDevice(data: bytes, source: source, options: options, stage: stage),
                            on: backend)
    }

    private func resident(_ input: DeviceDecodeInput, on backend: any ComputeBackend) throws -> ImageContainer {
        switch input {
        case .decoded(let decoded):
            return ImageContainer(decoded)
        case .jpegCoefficients(let jpeg):
            guard let pixels = try backend.core.decodeJPEG(jpeg.coefficients) else {
                return ImageContainer(try jpeg.decodeOnHost())
            }
            return try ImageContainer(frames: [ImageFrame(pixels)], metadata: jpeg.metadata, facts: jpeg.facts)
        }
    }
}
