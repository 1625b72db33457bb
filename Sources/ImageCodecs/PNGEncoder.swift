import CPNG

/// PNG writing with libpng's simplified API (`png_image_write_to_memory`).
enum PNGEncoder {
    static func encode(_ image: HostImage, compression: PNGCompression, destination: String) throws(ImageCodecError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("the image is \(image.width)x\(image.height)"))
        }
        let opaque = !image.hasTransparency
        var png = png_image()
        png.version = gpuglitch_PNG_IMAGE_VERSION
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = opaque ? gpuglitch_PNG_FORMAT_RGB : gpuglitch_PNG_FORMAT_RGBA
        if compression == .fast { png.flags |= UInt32(PNG_IMAGE_FLAG_FAST) }

        // Writing into a buffer of the largest possible size compresses once; asking libpng
        // for the size first would compress twice. Pages of the bound that are never written
        // are never touched, so the large allocation costs address space, not memory.
        let bound = Int(gpuglitch_png_image_png_size_max(png))
        let output = UnsafeMutableRawPointer.allocate(byteCount: bound, alignment: 16)
        defer { output.deallocate() }
        var size = bound
        let written: Int32
        if opaque {
            let rgb = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: image.width * image.height * 3)
            defer { rgb.deallocate() }
            image.pixels.withUnsafeBufferPointer { rgba in
                var i = 0, o = 0
                while i < rgba.count {
                    rgb[o] = rgba[i]; rgb[o + 1] = rgba[i + 1]; rgb[o + 2] = rgba[i + 2]
                    i += 4
                    o += 3
                }
            }
            written = png_image_write_to_memory(&png, output, &size, 0, rgb.baseAddress, 0, nil)
        } else {
            written = image.pixels.withUnsafeBytes {
                png_image_write_to_memory(&png, output, &size, 0, $0.baseAddress, 0, nil)
            }
        }
        guard written != 0 else {
            let message = withUnsafeBytes(of: &png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&png)
            throw ImageCodecError(source: destination, reason: .encodeFailed(message))
        }
        return Array(UnsafeRawBufferPointer(start: output, count: size))
    }
}
