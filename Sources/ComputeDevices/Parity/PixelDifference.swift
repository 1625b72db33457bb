import ComputeCore
import ImageCodecs
import ImageMaths

/// Where two results of the same work first differ: their sizes, or the first pixel in row
/// order, with both RGBA values.
public enum PixelDifference: Sendable, Equatable, CustomStringConvertible {
    case size(reference: PixelSize, other: PixelSize)
    case pixel(x: Int, y: Int, reference: [UInt8], other: [UInt8])

    /// The first difference between `reference` and `other`, or nil when they are identical.
    public static func first(_ reference: HostImage, _ other: HostImage) -> PixelDifference? {
        guard reference.width == other.width, reference.height == other.height else {
            return .size(reference: PixelSize(width: reference.width, height: reference.height),
                         other: PixelSize(width: other.width, height: other.height))
        }
        if reference.pixels == other.pixels { return nil }
        let index = reference.pixels.indices.first { reference.pixels[$0] != other.pixels[$0] } ?? 0
        let pixel = index / 4
        return .pixel(x: pixel % reference.width, y: pixel / reference.width,
                      reference: Array(reference.pixels[pixel * 4..<pixel * 4 + 4]),
                      other: Array(other.pixels[pixel * 4..<pixel * 4 + 4]))
    }

    public var description: String {
        switch self {
        case let .size(reference, other):
            "sizes differ: \(reference) vs \(other)"
        case let .pixel(x, y, reference, other):
            "first difference at (\(x), \(y)): \(Self.rgba(reference)) vs \(Self.rgba(other))"
        }
    }

    static func rgba(_ bytes: [UInt8]) -> String { "rgba(\(bytes.map(String.init).joined(separator: ", ")))" }
}
