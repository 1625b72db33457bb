/// The first page's samples in one buffer (`TIFFBandReader`'s bands put together): `planes`
/// planes (1 when contiguous) of `height` rows of `rowBytes` each. The general conversion
/// (`TIFFPixelConverter.generalRGBA`) reads any sample of any layout from it.
struct TIFFSamples {
    let bytes: [UInt8]
    let rowBytes: Int
    let planes: Int

    /// Samples already in memory (tests build them this way).
    init(bytes: [UInt8], rowBytes: Int, planes: Int) {
        self.bytes = bytes
        self.rowBytes = rowBytes
        self.planes = planes
    }

    init(_ file: TIFFHandle, layout: TIFFLayout) throws(ImageCodecError) {
        let reader = TIFFBandReader(file, layout: layout)
        let rowBytes = reader.rowBytes
        let planeBytes = rowBytes * layout.height
        // Zeroed: a plane or row no band reaches (none when the reader succeeds) stays 0.
        var buffer = [UInt8](repeating: 0, count: reader.pageBytes)
        let ok = buffer.withUnsafeMutableBytes { out in
            reader.forEachBand { plane, firstRow, rows, band in
                (out.baseAddress! + plane * planeBytes + firstRow * rowBytes)
                    .copyMemory(from: band, byteCount: rows * rowBytes)
            }
        }
        guard ok else { throw file.failure("cannot read the image data") }
        bytes = buffer
        self.rowBytes = rowBytes
        planes = reader.planes
    }
}
