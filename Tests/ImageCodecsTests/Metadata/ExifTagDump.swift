import Foundation
@testable import ImageCodecs
import TestSupport

/// An EXIF block's tags in the canonical form scripts/fixtures/make_metadata_fixtures.py
/// writes Pillow's `getexif()` in: ASCII `str:<text>` (one trailing NUL dropped, as Pillow
/// does), BYTE and UNDEFINED `hex:<bytes>`, integers in decimal, rationals `n/d`, several
/// values joined by spaces. Directory pointers are left out (they are offsets).
struct ExifTagDump: Equatable {
    var ifd0: [String: String]
    var exif: [String: String]
    var gps: [String: String]
    /// IFD0's next-directory pointer: 0 when there is no IFD1.
    var nextDirectory: Int

    init(_ tiff: [UInt8]) throws {
        var reader = try ExifDirectoryReader(tiff)
        let root = try reader.readRoot()
        let littleEndian = reader.littleEndian
        func values(_ entry: ExifEntry) -> String {
            func int(_ at: Int, _ bytes: Int) -> Int {
                (0..<bytes).reduce(0) { v, i in v | Int(entry.value[at + i]) << (8 * (littleEndian ? i : bytes - 1 - i)) }
            }
            switch entry.type {
            case 2:
                var text = entry.value
                if text.last == 0 { text.removeLast() }
                return "str:" + String(decoding: text, as: UTF8.self)
            case 3: return (0..<entry.count).map { String(int(2 * $0, 2)) }.joined(separator: " ")
            case 4: return (0..<entry.count).map { String(int(4 * $0, 4)) }.joined(separator: " ")
            case 5: return (0..<entry.count).map { "\(int(8 * $0, 4))/\(int(8 * $0 + 4, 4))" }.joined(separator: " ")
            default: return "hex:" + entry.value.map { String(format: "%02x", $0) }.joined()
            }
        }
        func dump(_ directory: ExifDirectory?) -> [String: String] {
            var out: [String: String] = [:]
            for entry in directory?.entries ?? [] where entry.directory == nil { out[String(entry.tag)] = values(entry) }
            return out
        }
        ifd0 = dump(root)
        exif = dump(root.entries.first { $0.tag == ExifTag.exifDirectory }?.directory)
        gps = dump(root.entries.first { $0.tag == ExifTag.gpsDirectory }?.directory)
        let first = reader.u32(4)!
        nextDirectory = reader.u32(first + 2 + 12 * reader.u16(first)!)!
    }
}

/// One input of Fixtures/metadata and what Pillow 13.0.0 read from it.
struct MetadataFixture: Decodable, CustomStringConvertible, Sendable {
    let file: String
    let width: Int
    let height: Int
    let ifd0: [String: String]
    let exif: [String: String]
    let gps: [String: String]
    let hasIFD1: Bool
    let xmp: String?
    let xmpUpright16x12: String?
    let iptc: [String: String]?
    /// A TIFF input's IFD0 tags a kept EXIF carries (`TIFFExifBlock`), as Pillow reads them.
    let exifKept: [String: String]?
    var description: String { file }

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/metadata")
    static let all: [MetadataFixture] = try! JSONDecoder().decode(
        [MetadataFixture].self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))

    /// The inputs with an EXIF block that has a thumbnail to drop (not the TIFFs, whose
    /// directory is not one, nor the AVIF, whose writer, Pillow, drops IFD1).
    static let withExif = all.filter(\.hasIFD1)

    var bytes: [UInt8] { get throws { try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file))) } }

    /// The input's IFD0 as the output must carry it: Orientation 1 where there was one.
    var uprightIFD0: [String: String] {
        var tags = ifd0
        if tags["274"] != nil { tags["274"] = "1" }
        return tags
    }

    /// The Exif directory of an output of `width` × `height`.
    func exifDirectory(width: Int, height: Int) -> [String: String] {
        var tags = exif
        tags["40962"] = String(width)
        tags["40963"] = String(height)
        return tags
    }
}

extension Array where Element == UInt8 {
    init(hex: String) {
        var bytes: [UInt8] = []
        var at = hex.startIndex
        while at < hex.endIndex {
            let next = hex.index(at, offsetBy: 2)
            bytes.append(UInt8(hex[at..<next], radix: 16)!)
            at = next
        }
        self = bytes
    }
}
