/// PNG writing: 8-bit RGB for opaque images, RGBA otherwise; each row's filter chosen by
/// `PNGRowFilterChooser`, the whole image compressed by libdeflate (`PNGFileAssembler`). The
/// metadata's ICC profile, when kept, is an `iCCP` chunk right after IHDR.
enum PNGEncoder: ImageSaver {
    static func encode(_ image: HostImage, metadata: ImageMetadata, options: EncodeOptions,
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        let profile = metadata.profileToWrite(options).flatMap(PNGColourProfile.chunkData)
        let metadataChunks = PNGMetadataChunks.chunks(metadata.blocksToWrite(options, width: image.width, height: image.height))
        return try encode(image, compression: options.pngCompression, profileChunk: profile, metadataChunks: metadataChunks,
                          destination: destination)
    }

    /// The file; `profileChunk` is the data of an `iCCP` chunk to write, if any, and
    /// `metadataChunks` the EXIF and XMP chunks.
    static func encode(_ image: HostImage, compression: PNGCompression, profileChunk: [UInt8]? = nil,
                       metadataChunks: [(type: StaticString, data: [UInt8])] = [],
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("the image is \(image.width)x\(image.height)"))
        }
        guard image.width <= Int(UInt32.max >> 1), image.height <= Int(UInt32.max >> 1) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("the image is \(image.width)x\(image.height), past PNG's 2³¹ − 1"))
        }
        let colourType: PNGFileAssembler.ColourType = image.hasTransparency ? .rgba : .rgb
        let rowBytes = image.width * colourType.channels
        let filteredBytes = image.height * (rowBytes + 1)
        let filtered = UnsafeMutableRawBufferPointer.allocate(byteCount: filteredBytes, alignment: 16)
        defer { filtered.deallocate() }
        let rows = filtered.bindMemory(to: UInt8.self)
        image.pixels.withUnsafeBufferPointer { rgba in
            filterRows(rgba.baseAddress!, width: image.width, height: image.height, colourType: colourType, into: rows.baseAddress!)
        }
        guard let file = PNGFileAssembler.assemble(width: image.width, height: image.height, colourType: colourType,
                                                   filteredRows: UnsafeRawBufferPointer(filtered), profile: profileChunk,
                                                   metadataChunks: metadataChunks,
                                                   level: compression.deflateLevel) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libdeflate could not compress the image data"))
        }
        return file
    }

    /// The rows of `rgba` as PNG scanlines of `colourType`, each filtered.
    static func filterRows(_ rgba: UnsafePointer<UInt8>, width: Int, height: Int,
                           colourType: PNGFileAssembler.ColourType, into output: UnsafeMutablePointer<UInt8>) {
        let rowBytes = width * colourType.channels
        let chooser = PNGRowFilterChooser(bytesPerPixel: colourType.channels, rowBytes: rowBytes)
        switch colourType {
        case .rgba:
            for y in 0..<height {
                let row = rgba + y * rowBytes
                chooser.filter(row: row, previous: y == 0 ? nil : row - rowBytes, into: output + y * (rowBytes + 1))
            }
        case .rgb:
            // Two packed rows, current and previous, swapped each row.
            let packed = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
            defer { packed.deallocate() }
            var current = packed, previous = packed + rowBytes
            for y in 0..<height {
                let source = rgba + y * width * 4
                for x in 0..<width {
                    current[3 * x] = source[4 * x]
                    current[3 * x + 1] = source[4 * x + 1]
                    current[3 * x + 2] = source[4 * x + 2]
                }
                chooser.filter(row: current, previous: y == 0 ? nil : UnsafePointer(previous), into: output + y * (rowBytes + 1))
                swap(&current, &previous)
            }
        }
    }
}
