import CHeapFill
import FuzzDecodeOptions
import FuzzSupport
@testable import ImageCodecs

/// No byte of a decode depends on memory the decoder did not write. Each input is decoded
/// twice, every allocation (up to 64 KiB: the inputs are small images) filled first with 0x55
/// and then with 0xAA (`CHeapFill`, the sanitizer runtime's malloc hook); the two results must be the same: both refused with the
/// same reason, or both decoded to the same size, pixels, profile and orientation. A byte left
/// over from the heap (libvips' CVE-2019-6976, or a TIFF strip libtiff reports whole but
/// writes in part) shows as a difference.
///
/// The first byte picks the decode options as in FuzzDecode (`DecodeOptions(fuzzFlags:)`);
/// the rest is the file.
@_cdecl("FuzzDeterminism_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let options = DecodeOptions(fuzzFlags: input.byte())
        let file = input.rest()
        let first = decode(file, options: options, heapFill: 0x55)
        let second = decode(file, options: options, heapFill: 0xAA)
        FuzzDriver.require(first == second, "two heap fillings gave two results: \(first) and \(second)")
    }
}

/// What a decode gives, in a form two decodes can be compared by.
private enum Outcome: Equatable, CustomStringConvertible {
    case refused(String)
    case decoded(width: Int, height: Int, pixels: [UInt8], profile: [UInt8]?, orientation: ImageOrientation,
                 opaque: Bool)

    var description: String {
        switch self {
        case let .refused(reason): "refused (\(reason))"
        case let .decoded(width, height, pixels, _, _, _):
            "\(width)×\(height), pixels hashing to \(pixels.reduce(into: UInt64(14_695_981_039_346_656_037)) { $0 = ($0 ^ UInt64($1)) &* 1_099_511_628_211 })"
        }
    }
}

private func decode(_ file: [UInt8], options: DecodeOptions, heapFill: UInt8) -> Outcome {
    FuzzDriver.require(gg_heap_fill_start(heapFill) != 0, "no room for the heap-filling hook")
    defer { gg_heap_fill_stop() }
    do {
        let decoded = try ImageDecoder.decode(data: file, source: "fuzz", options: options, pngPath: .automatic)
        return .decoded(width: decoded.image.width, height: decoded.image.height, pixels: decoded.image.pixels,
                        profile: decoded.metadata.iccProfile, orientation: decoded.metadata.orientation,
                        opaque: decoded.image.isOpaqueByConstruction)
    } catch {
        return .refused(error.description)
    }
}
