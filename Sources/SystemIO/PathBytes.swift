#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// File names are bytes; Swift strings are Unicode. A Linux file name may hold any byte but
/// `/` and NUL, including bytes that are not UTF-8 (names made under a Latin-1 locale, by a
/// camera, by a broken unzip), and `String(cString:)` replaces those with U+FFFD, after
/// which the file cannot be opened. gpuglitch keeps paths as `String`s everywhere, with a
/// lossless embedding of such bytes, as Python's `surrogateescape` (PEP 383) does:
///
/// - a byte that is not part of valid UTF-8 becomes the scalar U+10FF00 + byte (U+10FF80 …
///   U+10FFFF, private-use code points of plane 16);
/// - so that the embedding is one-to-one, a name that really holds one of those scalars has
///   its four UTF-8 bytes embedded the same way, one by one;
/// - everything else is the name's own UTF-8.
///
/// `string(decoding:)` makes such a string from bytes the OS gave (argv, `readdir`,
/// `realpath`, a `--list` file); `withCPath` turns it back into the same bytes for every
/// system call that takes a path; `displayed` writes the embedded bytes as `\xNN` for
/// messages and reports. A path that is valid UTF-8 (almost every one) is its own string,
/// and costs one scan.
package enum PathBytes {
    private static let base: UInt32 = 0x10FF00

    /// The string for a file name's (or path's) bytes.
    package static func string(decoding bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        if let valid = String(validating: array, as: UTF8.self), !valid.unicodeScalars.contains(where: isEmbeddedByte) {
            return valid
        }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            let length = validSequenceLength(array, at: i)
            if length > 0 {
                let scalar = decode(array, at: i, length: length)
                if !isEmbeddedByte(scalar) {
                    scalars.append(scalar)
                    i += length
                    continue
                }
            }
            // Not UTF-8, or a scalar that would read as an embedded byte: byte by byte.
            let count = max(1, length)
            for byte in array[i..<(i + count)] { scalars.append(embedded(byte)) }
            i += count
        }
        return String(scalars)
    }

    /// The string for a NUL-terminated C string from the OS.
    package static func string(cString pointer: UnsafePointer<CChar>) -> String {
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            string(decoding: UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The bytes a path string stands for.
    package static func bytes(of path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isEmbeddedByte(scalar) {
                out.append(UInt8(scalar.value - base))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with the path's bytes as a C string, for a system call.
    package static func withCPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        if !hasEmbeddedBytes(path) { return try path.withCString(body) }
        var raw = bytes(of: path).map { CChar(bitPattern: $0) }
        raw.append(0)
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The path for people: embedded bytes as `\xNN`, everything else as it is.
    package static func displayed(_ path: String) -> String {
        guard hasEmbeddedBytes(path) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            if isEmbeddedByte(scalar) {
                let hex = String(scalar.value - base, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether the string holds any embedded byte (a quick scan of its UTF-8 for the lead
    /// bytes F4 8F BE/BF that every embedded scalar starts with).
    package static func hasEmbeddedBytes(_ path: String) -> Bool {
        var utf8 = path.utf8.makeIterator()
        var previous: (UInt8, UInt8) = (0, 0)
        while let byte = utf8.next() {
            if previous == (0xF4, 0x8F) && (byte == 0xBE || byte == 0xBF) { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    package static func isEmbeddedByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF
    }

    private static func embedded(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(base + UInt32(byte))!
    }

    /// The length of the valid UTF-8 sequence at `i` (1…4), or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        let b0 = bytes[i]
        if b0 < 0x80 { return 1 }
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < bytes.count && range.contains(bytes[i + k])
        }
        switch b0 {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    private static func decode(_ bytes: [UInt8], at i: Int, length: Int) -> Unicode.Scalar {
        var value: UInt32
        switch length {
        case 1: return Unicode.Scalar(bytes[i])
        case 2: value = UInt32(bytes[i] & 0x1F)
        case 3: value = UInt32(bytes[i] & 0x0F)
        default: value = UInt32(bytes[i] & 0x07)
        }
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return Unicode.Scalar(value)!
    }
}

extension PathBytes {
    /// The same bytes as a swift-system `FilePath`, for the calls that take one.
    package static func filePath(_ path: String) -> FilePath {
        withCPath(path) { FilePath(platformString: $0) }
    }
}
