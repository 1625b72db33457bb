/// An 8-bit RGBA image in host memory: interleaved R, G, B, A bytes, rows tightly packed
/// (`pixels.count == width * height * 4`).
///
/// Every decoder produces this layout (gray and RGB inputs get alpha 255) and every backend
/// consumes it, so no operation has to handle more than one pixel format.
///
/// The geometry is fixed when the image is made and checked against the buffer then: every
/// backend and codec indexes `pixels` by `width` and `height` without re-checking, so a size
/// that disagreed with the buffer would read or write past it. Outside this package the
/// pixels are read-only for the same reason (an assigned array could have another length).
public struct HostImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// The bytes. Any change clears `isOpaqueByConstruction`. Accessed through `_read` and
    /// `_modify` rather than `didSet`, because `didSet` makes every element write copy the
    /// whole array in debug builds; these yield the storage in place. Code in this package
    /// that writes them keeps the count (`_modify` checks it in debug builds).
    public package(set) var pixels: [UInt8] {
        _read { yield storage }
        _modify {
            isOpaqueByConstruction = false
            yield &storage
            assert(storage.count == width * height * 4, "HostImage: pixels resized to \(storage.count) bytes")
        }
    }
    private var storage: [UInt8]
    /// Whether the code that made these pixels knows every alpha is 255 without looking: a
    /// decoder whose source has no alpha (a JPEG; a PNG without an alpha channel or tRNS). It
    /// spares `hasTransparency` its scan of the whole decoded picture, which was 2.5% of the
    /// benchmark job's CPU time. Any change to `pixels` clears it; it plays no part in `==`.
    package private(set) var isOpaqueByConstruction = false

    /// Wraps existing pixels: `width * height * 4` bytes, R, G, B, A per pixel, rows top to
    /// bottom without padding.
    /// - Throws: `ImageGeometryError` when a side is negative, the byte count overflows, or
    ///   `pixels` has another length.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageGeometryError) {
        let expected = try Self.byteCount(width: width, height: height)
        guard pixels.count == expected else {
            throw .bufferSize(width: width, height: height, expected: expected, actual: pixels.count)
        }
        self.init(width: width, height: height, computedPixels: pixels)
    }

    /// A fully transparent black image.
    /// - Throws: `ImageGeometryError` when a side is negative or the byte count overflows.
    public init(width: Int, height: Int) throws(ImageGeometryError) {
        let count = try Self.byteCount(width: width, height: height)
        self.init(width: width, height: height, computedPixels: [UInt8](repeating: 0, count: count))
    }

    /// Pixels this package computed for that size itself (a decoder, a backend pass), whose
    /// length follows from the same arithmetic: a mismatch is a bug here, not bad input.
    package init(width: Int, height: Int, computedPixels pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "HostImage: \(pixels.count) bytes for \(width)x\(height) RGBA")
        self.width = width
        self.height = height
        self.storage = pixels
    }

    /// A fully transparent black image of a size this package computed.
    package init(zeroedWidth width: Int, height: Int) {
        self.init(width: width, height: height, computedPixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// `width * height * 4`, or the reason there is no such buffer.
    private static func byteCount(width: Int, height: Int) throws(ImageGeometryError) -> Int {
        guard width >= 0, height >= 0 else { throw .negativeSize(width: width, height: height) }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        guard !o1, !o2 else { throw .tooLarge(width: width, height: height) }
        return bytes
    }

    /// Number of bytes in one row.
    public var rowBytes: Int { width * 4 }

    /// Records that every alpha is 255 by construction (see `isOpaqueByConstruction`): for the
    /// decoders, and for images the package makes itself (the benchmark's synthetic photo).
    /// Debug builds check the claim.
    package mutating func markOpaqueByConstruction() {
        assert(!scanForTransparency(), "HostImage: marked opaque but an alpha is below 255")
        isOpaqueByConstruction = true
    }

    /// Whether any pixel has alpha below 255 (such images are resampled premultiplied).
    public var hasTransparency: Bool {
        isOpaqueByConstruction ? false : scanForTransparency()
    }

    /// ANDs whole pixels as 32-bit words and looks at the alpha byte once at the end: a few
    /// times faster than testing every fourth byte, and it runs before every upload.
    private func scanForTransparency() -> Bool {
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            var all: UInt32 = 0xFFFF_FFFF
            var i = 0
            while i + 8 <= words.count {
                all &= words[i] & words[i + 1] & words[i + 2] & words[i + 3]
                    & words[i + 4] & words[i + 5] & words[i + 6] & words[i + 7]
                i += 8
                if i & 0xFFF == 0, UInt32(littleEndian: all) >> 24 != 0xFF { return true }
            }
            while i < words.count {
                all &= words[i]
                i += 1
            }
            // Alpha is the fourth byte of each pixel: the top byte of a little-endian word.
            return UInt32(littleEndian: all) >> 24 != 0xFF
        }
    }

    /// Same size and same bytes (`isOpaqueByConstruction` is a fact about the bytes, not a
    /// part of them).
    public static func == (lhs: HostImage, rhs: HostImage) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels
    }

    /// The four channels of the pixel at `(x, y)`.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
