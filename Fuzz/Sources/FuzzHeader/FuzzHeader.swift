import FuzzSupport
import ImageCodecs

/// The header read alone: what planning and the memory budget trust before any pixel is
/// decoded (format, stored size, orientation). Checked: a header it returns has a size a
/// decoder could allocate (both sides positive, below 2^31), and reading it twice agrees.
@_cdecl("FuzzHeader_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        let data = Array(bytes)
        guard let header = try? ImageDecoder.readHeader(data: data, source: "fuzz") else { return }
        FuzzDriver.require((1..<(1 << 31)).contains(header.storedWidth) && (1..<(1 << 31)).contains(header.storedHeight),
                           "header size \(header.storedWidth)×\(header.storedHeight)")
        _ = MemoryBudget.estimate(width: header.storedWidth, height: header.storedHeight)
        FuzzDriver.require((try? ImageDecoder.readHeader(data: data, source: "fuzz")) == header, "header read differs")
    }
}
