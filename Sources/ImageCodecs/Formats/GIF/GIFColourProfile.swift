/// A GIF's ICC profile: the `ICCRGBG1012` application extension, as ImageMagick writes it (and
/// `GIFBlocks.iccExtension`), read from the records before the first image, where writers put
/// it (Pillow 13 reads none). Its data sub-blocks are concatenated.
///
/// Sub-blocks carry no total length, so an extension cut short (its framing intact, the
/// picture after it readable) shows only against the size an ICC profile states in its header
/// (bytes 0...3, big-endian). Such a profile, one shorter than that 128-byte header, or one past
/// `ICCProfile.maximumBytes` is dropped with the reason (`Found.dropped`): metadata never fails
/// an image, and a profile that misdescribes its own bytes would be copied into every output.
enum GIFColourProfile {
    /// What the records before the first image hold.
    enum Found: Equatable {
        /// No profile extension (or an empty one), or a file that ends before its first image
        /// (giflib refuses it).
        case absent
        case profile([UInt8])
        /// A profile extension that cannot be used: why, for `DecodeFacts.metadataWarnings`.
        case dropped(String)

        var profile: [UInt8]? {
            if case .profile(let bytes) = self { bytes } else { nil }
        }

        var dropReason: String? {
            if case .dropped(let reason) = self { reason } else { nil }
        }
    }

    /// The application identifier and authentication code, the extension's first sub-block.
    static let applicationName: [UInt8] = Array("ICCRGBG1012".utf8)
    /// The fixed header every ICC profile starts with.
    static let profileHeaderBytes = 128

    /// The profile of the GIF `b` (its signature already recognised), or why it was dropped.
    static func read(_ b: UnsafeRawBufferPointer) -> Found {
        guard b.count >= 13 else { return .absent }
        let flags = b[10]
        var at = 13 + (flags & 0x80 != 0 ? 3 * (2 << Int(flags & 7)) : 0)
        // Extensions (0x21, label, sub-blocks) until the first image descriptor or the trailer.
        while at + 1 < b.count, b[at] == 0x21 {
            let label = b[at + 1]
            at += 2
            if label == 0xFF, names(b, at) { return profile(b, from: at + 1 + applicationName.count) }
            guard let next = end(ofSubBlocksIn: b, from: at) else { return .absent }
            at = next
        }
        return .absent
    }

    /// Whether the sub-block at `at` is the 11-byte `ICCRGBG1012` identifier.
    private static func names(_ b: UnsafeRawBufferPointer, _ at: Int) -> Bool {
        let n = applicationName.count
        guard at + 1 + n <= b.count, Int(b[at]) == n else { return false }
        return applicationName.indices.allSatisfy { b[at + 1 + $0] == applicationName[$0] }
    }

    /// The index after the terminator of the sub-blocks starting at `start`, or nil when the
    /// file ends first.
    private static func end(ofSubBlocksIn b: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var at = start
        while at < b.count {
            let n = Int(b[at])
            if n == 0 { return at + 1 }
            at += 1 + n
        }
        return nil
    }

    /// The data sub-blocks from `start` to their terminator, concatenated and checked.
    private static func profile(_ b: UnsafeRawBufferPointer, from start: Int) -> Found {
        var bytes: [UInt8] = []
        var at = start
        while true {
            guard at < b.count else { return .dropped("the GIF's ICCRGBG1012 extension runs past the end of the file") }
            let n = Int(b[at])
            at += 1
            if n == 0 { break }
            guard at + n <= b.count else { return .dropped("the GIF's ICCRGBG1012 extension runs past the end of the file") }
            guard bytes.count + n <= ICCProfile.maximumBytes else {
                return .dropped("the GIF's ICCRGBG1012 extension holds more than \(ICCProfile.maximumBytes) bytes")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[at..<(at + n)]))
            at += n
        }
        if bytes.isEmpty { return .absent }
        guard bytes.count >= profileHeaderBytes else {
            return .dropped("the GIF's ICCRGBG1012 extension holds \(bytes.count) bytes, less than an ICC profile's \(profileHeaderBytes)-byte header")
        }
        let stated = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard stated == bytes.count else {
            return .dropped("the GIF's ICCRGBG1012 extension holds \(bytes.count) bytes; its profile's header says \(stated)")
        }
        return .profile(bytes)
    }
}
