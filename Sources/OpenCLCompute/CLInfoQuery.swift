import COpenCL

/// The `clGet*Info` protocol shared by every OpenCL object: a call that takes
/// `(size, value, sizeReturned)`. These helpers turn it into typed Swift values.
enum CLInfoQuery {
    typealias Getter = (Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) -> cl_int

    /// A fixed-size value (`cl_uint`, `cl_ulong`, a handle...).
    static func value<T: BitwiseCopyable>(_ call: String, as type: T.Type, _ get: Getter) throws(CLCallError) -> T {
        let stride = MemoryLayout<T>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: stride, alignment: MemoryLayout<T>.alignment)
        defer { raw.deallocate() }
        try check(call, get(stride, raw, nil))
        return raw.load(as: T.self)
    }

    /// A NUL-terminated string, asked for its size first.
    static func string(_ call: String, _ get: Getter) throws(CLCallError) -> String {
        let bytes = try self.bytes(call, get)
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// An array of fixed-size values (`size_t[]` work-item sizes, device lists).
    static func array<T: BitwiseCopyable>(_ call: String, of type: T.Type, _ get: Getter) throws(CLCallError) -> [T] {
        let bytes = try self.bytes(call, get)
        let count = bytes.count / MemoryLayout<T>.stride
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<T>.stride, as: T.self) }
        }
    }

    private static func bytes(_ call: String, _ get: Getter) throws(CLCallError) -> [UInt8] {
        var size = 0
        try check(call, get(0, nil, &size))
        guard size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: size)
        let code = bytes.withUnsafeMutableBytes { get(size, $0.baseAddress, nil) }
        try check(call, code)
        return bytes
    }
}
