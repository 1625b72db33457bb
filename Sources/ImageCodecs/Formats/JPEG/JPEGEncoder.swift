import CTurboJPEG

/// JPEG writing with TurboJPEG (`tjCompress2`). TurboJPEG 2 has no call that writes an ICC
/// profile, so the kept profile's APP2 segments go in after its SOI and JFIF APP0 as the
/// compressed file is copied out (`JPEGColourProfile`).
enum JPEGEncoder: ImageSaver {
    static func encode(_ image: HostImage, metadata: ImageMetadata, options: EncodeOptions,
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        let file = try encode(image, quality: options.quality, coding: options.jpeg, profile: metadata.profileToWrite(options),
                              destination: destination)
        let segments = JPEGMetadataSegments.segments(metadata.blocksToWrite(options, width: image.width, height: image.height))
        guard !segments.isEmpty else { return file }
        let at = JPEGMetadataSegments.insertionPoint(in: file)
        return Array(file[..<at]) + segments + Array(file[at...])
    }

    static func encode(_ image: HostImage, quality: Int, coding: JPEGEncoding = JPEGEncoding(), profile: [UInt8]? = nil,
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        func fail(_ message: String) -> ImageCodecError {
            ImageCodecError(source: destination, reason: .encodeFailed(message))
        }
        guard (1...100).contains(quality) else { throw fail("JPEG quality \(quality) is outside 1...100") }
        guard image.width > 0, image.height > 0 else { throw fail("the image is \(image.width)x\(image.height)") }
        // The default coding keeps TurboJPEG's path, whose bytes every earlier output has;
        // anything else goes through libjpeg, which TurboJPEG 2 drives the same way.
        let file = try coding == JPEGEncoding()
            ? encodeBaseline(image, quality: quality, fail: fail)
            : encodeWithLibjpeg(image, quality: quality, coding: coding, fail: fail)
        return profile.map { JPEGColourProfile.inserting($0, into: file) } ?? file
    }

    /// TurboJPEG's `tjCompress2`: baseline, 4:2:0, standard Huffman tables.
    private static func encodeBaseline(_ image: HostImage, quality: Int,
                                       fail: (String) -> ImageCodecError) throws(ImageCodecError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw fail(String(cString: tjGetErrorStr2(nil))) }
        defer { tjDestroy(handle) }

        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        // TJFLAG_ACCURATEDCT: TurboJPEG otherwise uses the fast forward DCT, which is what makes
        // its output differ from libjpeg's (and Pillow's) defaults.
        let status = image.pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height),
                        Int32(TJPF_RGBA.rawValue), &jpeg, &size, Int32(TJSAMP_420.rawValue),
                        Int32(quality), TJFLAG_ACCURATEDCT)
        }
        defer { if let jpeg { tjFree(jpeg) } }
        guard status == 0, let jpeg else { throw fail(String(cString: tjGetErrorStr2(handle))) }
        return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
    }

    /// libjpeg's API (`gpuglitch_jpeg_compress` in the C shim), with the settings of
    /// `tjCompress2` and Pillow's `save`, and the coding options TurboJPEG 2 cannot take.
    private static func encodeWithLibjpeg(_ image: HostImage, quality: Int, coding: JPEGEncoding,
                                          fail: (String) -> ImageCodecError) throws(ImageCodecError) -> [UInt8] {
        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let sampling = coding.subsampling.lumaSamplingFactors
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                gpuglitch_jpeg_compress(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(quality),
                                        Int32(sampling.horizontal), Int32(sampling.vertical),
                                        coding.progressive ? 1 : 0, coding.optimizesHuffmanTables ? 1 : 0,
                                        &jpeg, &size, text.baseAddress)
            }
        }
        defer { free(jpeg) }
        guard status == 0, let jpeg else {
            throw fail("libjpeg: " + CLibraryMessage.text(message))
        }
        return Array(UnsafeBufferPointer(start: jpeg, count: size))
    }
}
