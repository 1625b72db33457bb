@testable import ImageCodecs
import Testing

/// The one list of formats: complete, sniffed by content, and what the command line reads
/// from it (extensions, `--format keep`, the unknown-format message).
@Suite struct ImageFormatRegistryTests {
    @Test func everyFormatHasExactlyOneEntry() {
        #expect(ImageFormatRegistry.entries.map(\.format).sorted { $0.rawValue < $1.rawValue }
            == ImageFormat.allCases.sorted { $0.rawValue < $1.rawValue })
        // `entry(for:)` is a switch; each case must name its own format's entry.
        for format in ImageFormat.allCases {
            #expect(ImageFormatRegistry.entry(for: format).format == format)
        }
    }

    @Test func extensionsAndKeepFormats() {
        #expect(ImageFormatRegistry.inputExtensions == ["webp", "png", "jpg", "jpeg", "tif", "tiff", "gif", "bmp", "avif", "heic", "heif", "jxl"])
        #expect(ImageFormatRegistry.format(ofExtension: "GIF") == .gif)
        #expect(ImageFormatRegistry.format(ofExtension: "Bmp") == .bmp)
        #expect(ImageFormatRegistry.format(ofExtension: "JPEG") == .jpeg)
        #expect(ImageFormatRegistry.format(ofExtension: "txt") == nil)
        #expect(ImageFormat.gif.keepOutputFormat == .gif && ImageFormat.bmp.keepOutputFormat == .png)
        #expect(ImageFormat.heif.keepOutputFormat == .jpeg && ImageFormatRegistry.format(ofExtension: "HEIC") == .heif)
        #expect(ImageFormat.avif.keepOutputFormat == .avif && ImageFormat.tiff.keepOutputFormat == .png)
        #expect(ImageFormat.jpeg.keepOutputFormat == .jpeg && ImageFormat.webp.keepOutputFormat == .webp)
        #expect(ImageFormat.allCases.filter(\.isWritable) == [.png, .jpeg, .webp, .gif, .avif, .jxl])
        #expect(ImageFormat.jxl.keepOutputFormat == .jxl && ImageFormatRegistry.format(ofExtension: "JXL") == .jxl)
        #expect(ImageFormat.allCases.allSatisfy { $0.keepOutputFormat.isWritable })
        #expect(ImageFormat.gif.fileExtension == "gif" && ImageFormat.jpeg.fileExtension == "jpg")
    }

    /// docs/CLI.md's table: a format written is kept; one only read falls back to PNG when its
    /// pictures are lossless (TIFF, BMP) or JPEG when they are photographic (HEIF).
    static let readOnlyFallbacks: [ImageFormat: ImageFormat] = [.tiff: .png, .bmp: .png, .heif: .jpeg]

    @Test("--format keep writes each format written as itself, the others as documented", arguments: ImageFormat.allCases)
    func keepOutputFormat(_ format: ImageFormat) {
        if format.isWritable {
            #expect(format.keepOutputFormat == format)
            #expect(Self.readOnlyFallbacks[format] == nil)
        } else {
            #expect(format.keepOutputFormat == Self.readOnlyFallbacks[format])
        }
        // Whatever keep picks is written, so keep never asks the encoder for a format it refuses.
        #expect(format.keepOutputFormat.isWritable)
    }

    @Test func messagesNameEveryFormat() {
        #expect(ImageFormatRegistry.formatNames == "PNG, JPEG, WebP, TIFF, GIF, BMP, AVIF, HEIF or JPEG XL")
        #expect(ImageFormatRegistry.extensionNames == ".png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl")
    }

    @Test func sniffingIsByContent() {
        #expect(ImageFormat(signatureOf: Array("GIF87a".utf8) + [1, 0]) == .gif)
        #expect(ImageFormat(signatureOf: Array("BM".utf8) + [0, 0]) == .bmp)
        #expect(ImageFormat(signatureOf: Array("GIF90a".utf8)) == nil)
        Array("GIF".utf8).withUnsafeBytes { #expect(ImageFormat.sniff($0) == .truncatedSignature) }
    }

    @Test func readOnlyFormatsAreNotWritten() {
        let image = HostImage(zeroedWidth: 2, height: 2)
        #expect(throws: ImageCodecError(source: "o.bmp", reason: .encodeFailed("BMP is read but not written; write PNG instead"))) {
            try ImageEncoder.encode(image, as: .bmp, destination: "o.bmp")
        }
    }
}
