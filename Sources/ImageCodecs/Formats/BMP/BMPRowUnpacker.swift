/// Whole-row unpacking to RGBA of the BMP layouts photos and screenshots are stored in:
/// 24-bit BGR, 32-bit pixels (any of Pillow's byte orders, with or without alpha) and 8-bit
/// palette indices. Each layout has its own loop over unchecked pointers, a pixel loaded and
/// stored as one 32-bit word, so that unpacking costs about a memory copy. The bytes are the
/// ones `BMPLoader`'s general unpacker gives (tests compare the two on random rows); the
/// other layouts (1 and 4-bit indices, 16-bit) go through that general one.
enum BMPRowUnpacker: Equatable {
    /// B, G, R.
    case bgr24
    /// B, G, R, then a byte that is not alpha (Windows' default 32-bit layout).
    case bgrx32
    /// Each channel in its own byte of a little-endian 32-bit word; alpha nil is opaque.
    case bytes32(red: Int, green: Int, blue: Int, alpha: Int?)
    /// 8-bit indices into a 256-entry RGBA palette.
    case indexed8

    /// The row unpacking for `layout`, or nil when it takes the general path.
    init?(_ layout: BMPHeader.Layout) {
        switch layout {
        case .bgr24: self = .bgr24
        case .bytes32(red: 2, green: 1, blue: 0, alpha: nil): self = .bgrx32
        case .bytes32(let red, let green, let blue, let alpha):
            self = .bytes32(red: red, green: green, blue: blue, alpha: alpha)
        case .indexed(bits: 8): self = .indexed8
        default: return nil
        }
    }

    /// Unpacks one stored row of `width` pixels into `destination` (room for `width * 4`
    /// bytes); `palette` is 256 RGBA entries as little-endian words (used by `indexed8`).
    /// Returns whether an alpha below 255 was written. The row must hold the layout's bytes
    /// for `width` pixels; nothing is checked.
    func unpack(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, width: Int,
                palette: UnsafePointer<UInt32>) -> Bool {
        switch self {
        case .bgr24:
            Self.bgr24(source, into: destination, width: width)
            return false
        case .bgrx32:
            for x in 0..<width {
                let v = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
                let rgba = (v >> 16) & 0xFF | v & 0xFF00 | (v & 0xFF) << 16 | 0xFF00_0000
                destination.storeBytes(of: UInt32(littleEndian: rgba), toByteOffset: x &* 4, as: UInt32.self)
            }
            return false
        case .bytes32(let red, let green, let blue, let alpha):
            let r = UInt32(red * 8), g = UInt32(green * 8), b = UInt32(blue * 8)
            // Opaque when there is no alpha byte: its shift leaves 0xFF from the constant.
            let a = UInt32((alpha ?? 0) * 8), alphaMask: UInt32 = alpha == nil ? 0 : 0xFF
            let opaque: UInt32 = alpha == nil ? 0xFF : 0
            var allAlpha: UInt32 = 0xFF
            for x in 0..<width {
                let v = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
                let alphaByte = (v >> a) & alphaMask | opaque
                allAlpha &= alphaByte
                let rgba = (v >> r) & 0xFF | ((v >> g) & 0xFF) << 8 | ((v >> b) & 0xFF) << 16 | alphaByte << 24
                destination.storeBytes(of: UInt32(littleEndian: rgba), toByteOffset: x &* 4, as: UInt32.self)
            }
            return allAlpha != 0xFF
        case .indexed8:
            let indices = source.assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                destination.storeBytes(of: palette[Int(indices[x])], toByteOffset: x &* 4, as: UInt32.self)
            }
            return false
        }
    }

    /// Every pixel but the last is read as four bytes (its own three and the next pixel's
    /// first), so the last one is read byte by byte to stay inside the row.
    private static func bgr24(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, width: Int) {
        guard width > 0 else { return }
        for x in 0..<(width - 1) {
            let v = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x &* 3, as: UInt32.self))
            let rgba = (v >> 16) & 0xFF | v & 0xFF00 | (v & 0xFF) << 16 | 0xFF00_0000
            destination.storeBytes(of: UInt32(littleEndian: rgba), toByteOffset: x &* 4, as: UInt32.self)
        }
        let s = source.assumingMemoryBound(to: UInt8.self) + (width - 1) * 3
        let d = destination.assumingMemoryBound(to: UInt8.self) + (width - 1) * 4
        d[0] = s[2]; d[1] = s[1]; d[2] = s[0]; d[3] = 255
    }
}
