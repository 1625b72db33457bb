/// OpenCL C source for one or more kernels, and the options to build it with.
///
/// Its value is the cache key: a device builds each distinct source once per process and
/// every image after the first reuses the program and its kernels, so a kernel should keep
/// image sizes and parameters out of the source (pass them as arguments) or it is rebuilt
/// for every new value.
///
/// Two sources are equal when their bytes are (what the compiler reads), not when their text
/// is canonically equivalent Unicode. The backend looks the source up on every run of a
/// kernel, so a hash of the bytes is computed once, here: hashing a `String` of a few
/// kilobytes with a non-ASCII character in a comment normalises it every time, which costs
/// more than a small image's whole kernel.
public struct KernelProgramSource: Hashable, Sendable {
    /// The OpenCL C text.
    public let text: String
    /// Options for `clBuildProgram`, e.g. `-cl-fast-relaxed-math` (avoid it where bytes must
    /// equal the host's) or `-DTILE=16`.
    public let options: String
    /// FNV-1a of the bytes of `text`, a zero byte, and the bytes of `options`.
    private let fingerprint: UInt64

    public init(_ text: String, options: String = "") {
        self.text = text
        self.options = options
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ 0) &* 0x100_0000_01b3
        for byte in options.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        fingerprint = hash
    }

    public static func == (a: KernelProgramSource, b: KernelProgramSource) -> Bool {
        a.fingerprint == b.fingerprint && sameBytes(a.text, b.text) && sameBytes(a.options, b.options)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// Whether `a` and `b` hold the same UTF-8 bytes (at once when they share their storage).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.baseAddress == y.baseAddress || x.elementsEqual(y)) }
        }
    }
}
