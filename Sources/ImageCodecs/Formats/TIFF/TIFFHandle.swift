import CTIFF

/// One libtiff handle over bytes in memory. libtiff's messages go into the handle's own record
/// (never to stderr, never an abort); `failure` turns the first one into an `ImageCodecError`.
/// The bytes must outlive the handle (the codec keeps both inside one `withTypedBytes`).
final class TIFFHandle {
    let tif: OpaquePointer
    private let input: UnsafeMutablePointer<gpuglitch_tiff_input>
    let source: String

    /// `allocationLimit` caps each of libtiff's own allocations (a strip or tile buffer whose
    /// size a hostile file inflates); 0 leaves libtiff's default.
    init(_ bytes: UnsafeRawBufferPointer, source: String, allocationLimit: Int = 0) throws(ImageCodecError) {
        self.source = source
        input = .allocate(capacity: 1)
        input.initialize(to: gpuglitch_tiff_input())
        input.pointee.data = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        input.pointee.size = UInt64(bytes.count)
        guard let tif = gpuglitch_tiff_open(input, tmsize_t(allocationLimit)) else {
            let error = Self.failure(input.pointee, source: source, fallback: "libtiff cannot open the file")
            input.deallocate()
            throw error
        }
        self.tif = tif
    }

    deinit {
        TIFFClose(tif)
        input.deallocate()
    }

    /// Warnings libtiff gave so far.
    var warningCount: Int { Int(input.pointee.warnings) }
    var firstWarning: String { Self.text(input.pointee.warning) }
    var errorCount: Int { Int(input.pointee.errors) }

    /// The failure libtiff reported: `.truncated` when it read past the end, else its first
    /// error (or `fallback` when it gave none).
    func failure(_ fallback: String) -> ImageCodecError {
        Self.failure(input.pointee, source: source, fallback: fallback)
    }

    private static func failure(_ input: gpuglitch_tiff_input, source: String, fallback: String) -> ImageCodecError {
        if input.ran_out != 0 { return ImageCodecError(source: source, reason: .truncated) }
        let message = input.errors > 0 ? text(input.error) : fallback
        return ImageCodecError(source: source, reason: .corrupt("libtiff: \(message)"))
    }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    func u16(_ tag: Int32, defaulted: Bool = true) -> Int? {
        var value: UInt16 = 0
        let ok = defaulted ? gpuglitch_tiff_get_u16_defaulted(tif, UInt32(tag), &value)
                           : gpuglitch_tiff_get_u16(tif, UInt32(tag), &value)
        return ok != 0 ? Int(value) : nil
    }

    func u32(_ tag: Int32, defaulted: Bool = true) -> Int? {
        var value: UInt32 = 0
        let ok = defaulted ? gpuglitch_tiff_get_u32_defaulted(tif, UInt32(tag), &value)
                           : gpuglitch_tiff_get_u32(tif, UInt32(tag), &value)
        return ok != 0 ? Int(value) : nil
    }
}
