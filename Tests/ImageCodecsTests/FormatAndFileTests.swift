@testable import ImageCodecs
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Signature sniffing and whole-file reading.
@Suite("Codec: formats and file reading")
struct FormatAndFileTests {
    @Test("signatures decide the format")
    func sniffing() {
        #expect(ImageFormat(signatureOf: ImageFormat.pngSignature + [0, 0]) == .png)
        #expect(ImageFormat(signatureOf: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(signatureOf: [0xFF, 0xD8]) == nil)                 // too short to tell
        #expect(ImageFormat(signatureOf: Array("GIF89a".utf8)) == .gif)
        #expect(ImageFormat(signatureOf: Array("%PDF-1.7".utf8)) == nil)
        #expect(ImageFormat(signatureOf: []) == nil)
        [UInt8]([0xFF, 0xD8]).withUnsafeBytes { #expect(ImageFormat.sniff($0) == .truncatedSignature) }
        [UInt8]([0x89, 0x50, 0x4E, 0x47]).withUnsafeBytes { #expect(ImageFormat.sniff($0) == .truncatedSignature) }
        [UInt8]([0x89, 0x50, 0x4E, 0x00]).withUnsafeBytes { #expect(ImageFormat.sniff($0) == .unrecognised) }
    }

    @Test("readAll returns the file's bytes")
    func readRegularFile() throws {
        let folder = try CodecTestHelpers.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bytes.bin").path
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try ImageFileReader.readAll(path: path) == bytes)
    }

    @Test("readAll reads a pipe to its end")
    func readPipe() throws {
        let folder = try CodecTestHelpers.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let bytes = try ImageFileReader.readAll(path: CodecTestHelpers.sample("chelsea.jpg"))
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            close(fd)
        }
        writer.start()
        let read = try ImageFileReader.readAll(path: path)
        #expect(read == bytes)
        #expect(try ImageDecoder.decode(data: read, source: path).image.width == 451)
    }

    @Test("decode(data:) and decode(contentsOf:) agree, and the caller's array is untouched")
    func dataAndFileAgree() throws {
        // astronaut.png has an iCCP chunk and libpng sees a renamed copy only when needed;
        // png-rgb8-gamma1 has a gAMA chunk, which is always hidden from libpng.
        for path in [CodecTestHelpers.sample("astronaut.png"), CodecTestHelpers.file("png-rgb8-gamma1-7x3.png")] {
            let bytes = try ImageFileReader.readAll(path: path)
            let copy = bytes
            let fromData = try ImageDecoder.decode(data: bytes, source: path)
            let fromFile = try ImageDecoder.decode(contentsOf: path)
            #expect(fromData.image == fromFile.image)
            #expect(bytes == copy)
        }
    }
}
