import ComputeCore
import ImageCodecs

/// Decodes a file or bytes in memory into an image on the host, with its metadata and facts.
/// The options say how: pixel and memory limits, orientation, shrink-on-load, what metadata
/// to read.
public struct DecodeStep: Sendable {
    public var options: DecodeOptions

    public init(options: DecodeOptions = DecodeOptions()) { self.options = options }

    public func decode(contentsOf path: String) throws -> ImageContainer {
        ImageContainer(try ImageDecoder.decode(contentsOf: path, options: options))
    }

    /// `source` names the bytes in errors (a URL, say).
    public func decode(_ bytes: [UInt8], source: String) throws -> ImageContainer {
        ImageContainer(try ImageDecoder.decode(data: bytes, source: source, options: options))
    }
}
