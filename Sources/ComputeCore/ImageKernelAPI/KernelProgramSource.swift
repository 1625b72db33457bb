/// OpenCL C source for one or more kernels, and the options to build it with.
///
/// Its value is the cache key: a device builds each distinct source once per process and
/// every image after the first reuses the program and its kernels, so a kernel should keep
/// image sizes and parameters out of the source (pass them as arguments) or it is rebuilt
/// for every new value.
///
/// Two sources are equal when their bytes are (what the compiler reads), not when their text
/// is canonically equivalent Unicode. The backend looks the source up on every run of a
/// kernel, and hashing a `String` of a few kilobytes with a non-ASCII character in a comment
/// normalises it every time, which costs more than a small image's whole kernel; so the hash
/// is of the byte count and the first and last bytes, and equality compares the bytes (at
/// once when both share their storage, as a kernel's `static let` source does).
public struct KernelProgramSource: Hashable, Sendable {
    /// The OpenCL C text.
    public let text: String
    /// Options for `clBuildProgram`, e.g. `-cl-fast-relaxed-math` (avoid it where bytes must
    /// equal the host's) or `-DTILE=16`.
    public let options: String

    public init(_ text: String, options: String = "") {
        self.text = text
        self.options = options
    }

    public static func == (a: KernelProgramSource, b: KernelProgramSource) -> Bool {
        sameBytes(a.text, b.text) && sameBytes(a.options, b.options)
    }

    public func hash(into hasher: inout Hasher) {
        Self.hashEnds(text, into: &hasher)
        Self.hashEnds(options, into: &hasher)
    }

    /// How many bytes of each end the hash reads.
    private static let hashedEnd = 64

    /// The byte count and the first and last `hashedEnd` bytes of `string`.
    private static func hashEnds(_ string: String, into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(hashedEnd))))
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(hashedEnd))))
        }
    }

    /// Whether `a` and `b` hold the same UTF-8 bytes (at once when they share their storage).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.baseAddress == y.baseAddress || x.elementsEqual(y)) }
        }
    }
}
