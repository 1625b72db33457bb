import Foundation
import GPUOps

/// A minimal PNG writer for test inputs: RGBA8, no filtering, and zlib "stored" (not
/// compressed) deflate blocks, so it needs neither zlib nor Pillow and every byte is
/// predictable. Real decoders read these files like any other PNG.
enum StoredPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func encode(_ image: HostImage) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(image.height * (image.width * 4 + 1))
        for y in 0..<image.height {
            raw.append(0)  // filter type None
            let start = y * image.width * 4
            raw += image.pixels[start..<(start + image.width * 4)]
        }
        return file(width: image.width, height: image.height, idat: zlibStored(raw))
    }

    /// A well-formed PNG whose header claims `width × height` but whose data is a few bytes:
    /// a decoder that allocates from the header before checking sizes would try to get
    /// `width × height × 4` bytes.
    static func headerOnly(width: Int, height: Int) -> Data {
        file(width: width, height: height, idat: zlibStored([0, 0, 0, 0, 0]))
    }

    private static func file(width: Int, height: Int, idat: [UInt8]) -> Data {
        var ihdr: [UInt8] = []
        ihdr += bigEndian(UInt32(width))
        ihdr += bigEndian(UInt32(height))
        ihdr += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        var data = signature
        data += chunk("IHDR", ihdr)
        data += chunk("IDAT", idat)
        data += chunk("IEND", [])
        return Data(data)
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(body.count)) + typeBytes + body + bigEndian(crc32(typeBytes + body))
    }

    /// A zlib stream of stored deflate blocks (at most 65535 bytes each).
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let isLast = offset + length == bytes.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += bytes[offset..<(offset + length)]
            offset += length
        } while offset < bytes.count
        return out + bigEndian(adler32(bytes))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return (b << 16) | a
    }
}
