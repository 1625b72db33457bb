import FuzzSupport
@testable import ImageCodecs

/// `PNGPillowRepair.rewrite`, the rewrite of a PNG that libpng refuses but Pillow reads, on
/// its own (the decode target reaches it only behind a failed decode). The first byte says
/// whether the chunks' CRCs are made to match first.
///
/// Checked: what it writes is a plain PNG, one the chunk scan accepts; decoding it never traps.
@_cdecl("FuzzPNGRepair_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let fixesChecksums = input.bool()
        let data = fixesChecksums ? PNGChecksums.fixed(input.rest()) : input.rest()
        // The size bound ImageDecoder's lenient path gives it (the decode's pixel limit).
        guard let rewritten = data.withUnsafeBytes({ PNGPillowRepair.rewrite($0) { $0 * $1 <= 1 << 22 } }) else { return }
        // A plain PNG: IHDR first, a size the decoders take. Its decode may still fail (rows
        // with a filter type PNG does not define are copied as they are, and libpng refuses
        // them as Pillow does), but must not trap.
        let scan = rewritten.withUnsafeBytes { bytes in
            Result { () throws(ImageCodecError) in try PNGChunkScan(bytes, source: "fuzz") }
        }
        if case .failure(let error) = scan {
            FuzzDriver.require(false, "the chunk scan refuses the rewritten PNG: \(error)")
        }
        let options = DecodeOptions(maxPixels: 1 << 22, failOnWarnings: true, memoryBudget: 1 << 28)
        _ = try? ImageDecoder.decode(data: rewritten, source: "fuzz", options: options)
    }
}
