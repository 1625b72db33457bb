import FuzzDecodeOptions
import FuzzSupport
@testable import ImageCodecs
import ImageMaths

/// JPEG XL decoding through libjxl under a small memory budget, and its lossless round trip.
/// The first byte picks the options (`DecodeOptions(fuzzFlags:)`, with at most 2^22 pixels and
/// a budget of at most 64 MiB, checked before libjxl decodes); the rest is the file, forced to start with the codestream signature when it
/// starts with neither, so every input reaches libjxl.
///
/// Checked: a decoded image holds width × height pixels; the header read agrees with the
/// decode on size and orientation; the image written losslessly as JPEG XL decodes back to
/// the very same pixels.
@_cdecl("FuzzJXL_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        var options = DecodeOptions(fuzzFlags: input.byte())
        options.memoryBudget = min(options.memoryBudget, 64 << 20)
        options.maxPixels = min(options.maxPixels, 1 << 22)
        var file = input.rest()
        if file.withUnsafeBytes({ ImageFormat.sniffJXL($0) }) != .format(.jxl) {
            file = ImageFormat.jxlCodestreamSignature + file
        }
        let decoded: DecodedImage
        do {
            decoded = try ImageDecoder.decode(data: file, source: "fuzz", options: options)
        } catch {
            _ = "\(error)"
            return
        }
        let image = decoded.image
        FuzzDriver.require(image.pixels.count == image.width * image.height * 4, "pixel count")
        if let header = try? ImageDecoder.readHeader(data: file, source: "fuzz") {
            let size = options.applyOrientation
                ? header.orientation.displayedSize(width: header.storedWidth, height: header.storedHeight)
                : PixelSize(width: header.storedWidth, height: header.storedHeight)
            FuzzDriver.require(size.width == image.width && size.height == image.height, "header \(header) but \(image.width)×\(image.height)")
            FuzzDriver.require(header.orientation == decoded.metadata.orientation, "orientation")
        }
        guard image.width * image.height <= 1 << 16,
              let lossless = try? ImageEncoder.encode(image, as: .jxl, lossless: true, destination: "fuzz") else { return }
        let again = try? ImageDecoder.decode(data: lossless, source: "again")
        FuzzDriver.require(again?.image == image, "the lossless round trip changed the pixels")
    }
}
