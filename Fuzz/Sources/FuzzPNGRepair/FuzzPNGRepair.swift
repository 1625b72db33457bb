import FuzzSupport
@testable import ImageCodecs

/// `PNGPillowRepair.rewrite`, the rewrite of a PNG that libpng refuses but Pillow reads, on
/// its own (the decode target reaches it only behind a failed decode). The first byte says
/// whether the chunks' CRCs are made to match first.
///
/// Checked: what it writes is a plain PNG, one the chunk scan accepts, and it decodes (unless
/// it is larger than the decode allows).
@_cdecl("FuzzPNGRepair_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let fixesChecksums = input.bool()
        let data = fixesChecksums ? PNGChecksums.fixed(input.rest()) : input.rest()
        guard let rewritten = data.withUnsafeBytes({ PNGPillowRepair.rewrite($0) }) else { return }
        let options = DecodeOptions(maxPixels: 1 << 22, failOnWarnings: false, memoryBudget: 1 << 28)
        do throws(ImageCodecError) {
            _ = try ImageDecoder.decode(data: rewritten, source: "fuzz", options: options)
        } catch {
            switch error.reason {
            case .tooManyPixels, .exceedsMemoryBudget: return
            default: FuzzDriver.require(false, "the rewritten PNG does not decode: \(error)")
            }
        }
    }
}
