import Foundation
import Testing

/// One file of a fixture folder whose manifest records Pillow 13.0.0's verdict on each file
/// (`Tests/ImageCodecsTests/Fixtures/{tiff,format,jpeg-webp}-verdicts`, written by the
/// `scripts/fixtures/make_*_verdict_fixtures.py` scripts): the library's tests decode each file
/// and the end-to-end tests run it through the binary, both against the same record.
public struct PillowVerdictFixture: Decodable, Sendable, CustomTestStringConvertible, CustomStringConvertible {
    public let file: String
    /// "ok" where Pillow reads the file; otherwise "error" or "rejected: <Pillow's message>".
    public let pillow: String
    /// What the file is, where the manifest says.
    public let about: String?
    public let width: Int?
    public let height: Int?
    /// SHA-256 of Pillow's RGBA (after `exif_transpose` and `convert("RGBA")`).
    public let rgbaSHA256: String?
    /// Base64 of Pillow's whole RGBA, for small images.
    public let rgba: String?
    /// SHA-256 of the ICC profile Pillow reports, where there is one.
    public let iccSHA256: String?
    /// The largest channel difference allowed from Pillow's (where lcms2 converts), if not 0.
    public let tolerance: Int?
    /// Where only the first rows are Pillow's (a newer libtiff's own guess past a cut in the
    /// others; ours leaves them to the zeroed buffer).
    public let matchingRows: Int?
    /// Pillow's exception, where it refuses the file.
    public let reason: String?
    /// Our error line's reason (`ImageCodecError.Reason.description`), where we refuse it.
    public let error: String?

    public var description: String { file }
    public var testDescription: String { file }

    /// Pillow's RGBA, where the manifest holds it whole.
    public var expectedRGBA: [UInt8]? { rgba.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } }
}
