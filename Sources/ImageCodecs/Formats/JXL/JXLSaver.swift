import CJXL

/// JPEG XL output through libjxl 0.7, as a bare codestream (a container when EXIF or XMP is
/// kept: `Exif` and `xml ` boxes before the codestream): 8-bit RGB, or RGBA when a pixel
/// is not opaque. Lossless keeps every pixel exactly, the colour under fully transparent
/// pixels included (`KEEP_INVISIBLE`), in the image's own colour space; lossy codes XYB at the
/// distance `JXLEncoderSettings` gives. The ICC profile from `metadata` goes into the
/// codestream, else the image is declared sRGB.
enum JXLSaver: ImageSaver {
    static var efforts: ClosedRange<Int>? { JXLEncoderSettings.efforts }

    static func encode(_ image: HostImage, metadata: ImageMetadata, options: EncodeOptions,
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        let settings = try JXLEncoderSettings(options, destination: destination)
        guard let encoder = JxlEncoderCreate(nil) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libjxl: out of memory"))
        }
        defer { JxlEncoderDestroy(encoder) }
        // The codestream says Orientation 1 (the pixels as they are), and JPEG XL readers
        // believe it over EXIF: kept EXIF and XMP say 1 as well.
        var upright = metadata
        upright.orientationApplied = true
        let blocks = upright.blocksToWrite(options, width: image.width, height: image.height)
        if blocks.exif != nil || blocks.xmp != nil {
            try check(JxlEncoderUseBoxes(encoder), "using boxes", destination)
        }
        let alpha = image.hasTransparency
        var info = JxlBasicInfo()
        JxlEncoderInitBasicInfo(&info)
        info.xsize = UInt32(image.width)
        info.ysize = UInt32(image.height)
        info.bits_per_sample = 8
        info.num_color_channels = 3
        info.uses_original_profile = settings.lossless ? JXL_TRUE : JXL_FALSE
        if alpha {
            info.num_extra_channels = 1
            info.alpha_bits = 8
        }
        try check(JxlEncoderSetBasicInfo(encoder, &info), "setting the header", destination)
        if let profile = metadata.profileToWrite(options) {
            try check(profile.withUnsafeBufferPointer { JxlEncoderSetICCProfile(encoder, $0.baseAddress, $0.count) },
                      "setting the ICC profile", destination)
        } else {
            var srgb = JxlColorEncoding()
            JxlColorEncodingSetToSRGB(&srgb, JXL_FALSE)
            try check(JxlEncoderSetColorEncoding(encoder, &srgb), "setting the colour encoding", destination)
        }
        guard let frame = JxlEncoderFrameSettingsCreate(encoder, nil) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libjxl: out of memory"))
        }
        try check(JxlEncoderFrameSettingsSetOption(frame, JXL_ENC_FRAME_SETTING_EFFORT, Int64(settings.effort)),
                  "setting the effort", destination)
        if settings.lossless {
            try check(JxlEncoderSetFrameLossless(frame, JXL_TRUE), "setting lossless", destination)
            try check(JxlEncoderFrameSettingsSetOption(frame, JXL_ENC_FRAME_SETTING_KEEP_INVISIBLE, 1),
                      "keeping invisible pixels", destination)
        } else {
            try check(JxlEncoderSetFrameDistance(frame, settings.distance), "setting the distance", destination)
        }
        try addBoxes(blocks, encoder: encoder, destination: destination)
        try addFrame(image, alpha: alpha, frame: frame, destination: destination)
        JxlEncoderCloseInput(encoder)
        return try output(encoder, destination: destination)
    }

    /// The EXIF (`Exif`, after its 4-byte TIFF header offset) and XMP (`xml `) boxes, stored
    /// uncompressed, before the codestream.
    private static func addBoxes(_ blocks: MetadataBlocks, encoder: OpaquePointer,
                                 destination: String) throws(ImageCodecError) {
        let boxes: [(type: String, contents: [UInt8]?)] = [
            ("Exif", blocks.exif.map(ExifItemPayload.item(forTIFF:))), ("xml ", blocks.xmp),
        ]
        for case let (type, contents?) in boxes {
            let status = type.withCString { name in
                contents.withUnsafeBufferPointer { JxlEncoderAddBox(encoder, name, $0.baseAddress, $0.count, JXL_FALSE) }
            }
            try check(status, "adding the \(type) box", destination)
        }
    }

    /// The pixels as one frame: RGBA as they are, or packed to RGB when alpha is all 255.
    private static func addFrame(_ image: HostImage, alpha: Bool, frame: OpaquePointer,
                                 destination: String) throws(ImageCodecError) {
        var format = JxlPixelFormat(num_channels: alpha ? 4 : 3, data_type: JXL_TYPE_UINT8,
                                    endianness: JXL_NATIVE_ENDIAN, align: 0)
        let pixels = alpha ? image.pixels : rgb(of: image)
        let status = pixels.withUnsafeBytes { JxlEncoderAddImageFrame(frame, &format, $0.baseAddress, $0.count) }
        try check(status, "adding the image", destination)
    }

    private static func rgb(of image: HostImage) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialised in
            image.pixels.withUnsafeBufferPointer { rgba in
                for i in 0..<count {
                    out[i * 3] = rgba[i * 4]
                    out[i * 3 + 1] = rgba[i * 4 + 1]
                    out[i * 3 + 2] = rgba[i * 4 + 2]
                }
            }
            initialised = count * 3
        }
    }

    /// The encoded file, drained from libjxl in chunks.
    private static func output(_ encoder: OpaquePointer, destination: String) throws(ImageCodecError) -> [UInt8] {
        var file = [UInt8](repeating: 0, count: 64 << 10)
        var written = 0
        while true {
            let (status, end) = file.withUnsafeMutableBufferPointer { buffer -> (JxlEncoderStatus, Int) in
                var next: UnsafeMutablePointer<UInt8>? = buffer.baseAddress! + written
                var available = buffer.count - written
                let status = JxlEncoderProcessOutput(encoder, &next, &available)
                return (status, buffer.count - available)
            }
            written = end
            switch status {
            case JXL_ENC_SUCCESS:
                file.removeSubrange(written...)
                return file
            case JXL_ENC_NEED_MORE_OUTPUT:
                file.append(contentsOf: repeatElement(0, count: file.count))
            default:
                throw ImageCodecError(source: destination, reason: .encodeFailed(
                    "libjxl encoding failed (error \(JxlEncoderGetError(encoder).rawValue))"))
            }
        }
    }

    private static func check(_ status: JxlEncoderStatus, _ step: String, _ destination: String) throws(ImageCodecError) {
        guard status == JXL_ENC_SUCCESS else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libjxl refused \(step)"))
        }
    }
}
