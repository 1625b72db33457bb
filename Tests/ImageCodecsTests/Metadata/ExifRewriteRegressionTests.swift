import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// What FuzzExifRewrite found (Fuzz/regressions/exif-rewrite): a block declaring Orientation 6,
/// saved with pixels that were never turned. The target expected Orientation 1 back; the saver
/// rightly keeps 6, because an output must declare the turn its pixels still need. Pinned here
/// both ways, for every format that writes EXIF through the rewriter.
@Suite struct ExifRewriteRegressionTests {
    static let block: [UInt8] = {
        let url = RepositoryPaths.root.appendingPathComponent("Fuzz/regressions/exif-rewrite/orientation-6-not-applied")
        return (try? [UInt8](Data(contentsOf: url))) ?? []
    }()
    static let carrier = HostImage(width: 3, height: 2, computedPixels: (0..<24).map { UInt8($0 * 10) })

    @Test("the saved block keeps Orientation 6 unless the pixels were turned", arguments: [ImageFormat.jpeg, .png, .webp])
    func orientationFollowsThePixels(_ format: ImageFormat) throws {
        #expect(Self.block.withUnsafeBytes { ExifOrientationReader.orientation(in: $0) } == .rightTop)
        for (applied, orientation) in [(false, ImageOrientation.rightTop), (true, .topLeft)] {
            let saved = try ImageEncoder.encode(Self.carrier, metadata: ImageMetadata(exif: Self.block, orientationApplied: applied),
                                                as: format, options: EncodeOptions(keep: .exif))
            var options = DecodeOptions(applyOrientation: false)
            options.readsMetadata = .exif
            let read = try #require(try ImageDecoder.decode(data: saved, source: "r", options: options).metadata.exif)
            let expected = try ExifRewriter.rewrite(Self.block, changes: .init(uprightOrientation: applied, pixelSize: (3, 2)))
            #expect(read == expected.bytes)
            #expect(read.withUnsafeBytes { ExifOrientationReader.orientation(in: $0) } == orientation)
            #expect(read.count == 254)
        }
    }
}
