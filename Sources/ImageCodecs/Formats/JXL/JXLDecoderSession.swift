import CJXL

/// One libjxl decoder over a file held in memory (`bytes` must outlive it), destroyed with it.
///
/// The input is given whole but not closed: libjxl then asks for more input when the file ends
/// before what it is reading does, which is how a cut-off file is told from a damaged one. A
/// container whose last box runs to the end of the file needs the input closed to finish, so
/// it is closed on the first request for more, and a second request means the file is cut off.
final class JXLDecoderSession {
    private let decoder: OpaquePointer
    private let source: String
    private var inputClosed = false

    init(_ bytes: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) {
        self.source = source
        guard let decoder = JxlDecoderCreate(nil) else {
            throw ImageCodecError(source: source, reason: .corrupt("libjxl: out of memory"))
        }
        self.decoder = decoder
        guard JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
                == JXL_DEC_SUCCESS else {
            throw ImageCodecError(source: source, reason: .corrupt("libjxl refused the input"))
        }
    }

    deinit { JxlDecoderDestroy(decoder) }

    /// The stored size and the codestream's orientation.
    func readHeader() throws(ImageCodecError) -> ImageHeader {
        try subscribe([JXL_DEC_BASIC_INFO])
        try next(expecting: JXL_DEC_BASIC_INFO, stage: "header")
        let info = try basicInfo()
        return ImageHeader(format: .jxl, storedWidth: Int(info.xsize), storedHeight: Int(info.ysize),
                           orientation: ImageOrientation(exifValue: Int(info.orientation.rawValue)))
    }

    /// The file's ICC profile: the one it carries, or the one libjxl makes from a colour space
    /// it declares by name (libjxl's encoder stores Display P3, say, by name even when given a
    /// profile); nil for sRGB by name, or a damaged file.
    func originalProfile() -> [UInt8]? {
        guard (try? subscribe([JXL_DEC_COLOR_ENCODING])) != nil,
              (try? next(expecting: JXL_DEC_COLOR_ENCODING, stage: "colour encoding")) != nil else { return nil }
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &encoding)
            == JXL_DEC_SUCCESS, Self.isSRGB(encoding) { return nil }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &size) == JXL_DEC_SUCCESS,
              size > 0, size <= ICCProfile.maximumBytes else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        let status = profile.withUnsafeMutableBufferPointer {
            JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, $0.baseAddress, size)
        }
        return status == JXL_DEC_SUCCESS ? profile : nil
    }

    /// The first frame as stored (not turned), 8-bit RGBA, and whether its colours were
    /// converted from the file's colour space to sRGB. `header` was checked against the pixel
    /// limit; the size is checked against the memory budget (libjxl's own buffers included)
    /// before libjxl decodes any pixel.
    func decodePixels(header: ImageHeader, options: DecodeOptions) throws(ImageCodecError) -> (HostImage, Bool) {
        let width = header.storedWidth, height = header.storedHeight
        // libjxl holds the frame as 32-bit float planes (colour and alpha) besides the result.
        let decoderBytes = MemoryBudget.saturating(MemoryBudget.saturating(width, times: height), times: 16)
        try ImageDecoder.checkMemoryBudget(width: width, height: height, decoderBytes: decoderBytes,
                                           options: options, source: source)
        try subscribe([JXL_DEC_BASIC_INFO, JXL_DEC_COLOR_ENCODING, JXL_DEC_FULL_IMAGE])
        guard JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) == JXL_DEC_SUCCESS,
              JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) == JXL_DEC_SUCCESS else {
            throw ImageCodecError(source: source, reason: .corrupt("libjxl refused the decoder settings"))
        }
        try next(expecting: JXL_DEC_BASIC_INFO, stage: "header")
        let info = try basicInfo()
        guard Int(info.xsize) == width, Int(info.ysize) == height else {
            throw ImageCodecError(source: source, reason: .corrupt("JPEG XL size changed between reads"))
        }
        try next(expecting: JXL_DEC_COLOR_ENCODING, stage: "colour encoding")
        let converted = info.uses_original_profile == JXL_FALSE ? try preferSRGB(grey: info.num_color_channels == 1) : false
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var failure: ImageCodecError?
        // Zeroed first: a failed decode is dropped, but a frame narrower than the canvas is
        // composed onto it by libjxl, and nothing here relies on how.
        let pixels = [UInt8](pixelCapacity: width * height * 4, .zeroedFirst) { out, initialised in
            initialised = out.count
            do throws(ImageCodecError) {
                try next(expecting: JXL_DEC_NEED_IMAGE_OUT_BUFFER, stage: "frame header")
                var size = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS, size == out.count,
                      JxlDecoderSetImageOutBuffer(decoder, &format, out.baseAddress, out.count) == JXL_DEC_SUCCESS else {
                    throw ImageCodecError(source: source, reason: .corrupt("libjxl refused the output buffer"))
                }
                try next(expecting: JXL_DEC_FULL_IMAGE, stage: "image data")
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return (HostImage(width: width, height: height, computedPixels: pixels), converted)
    }

    /// Asks libjxl for sRGB pixels from an XYB-coded file; whether that converts them (the
    /// file's colour space is not sRGB already).
    private func preferSRGB(grey: Bool) throws(ImageCodecError) -> Bool {
        var original = JxlColorEncoding()
        let isSRGB = JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &original)
            == JXL_DEC_SUCCESS && Self.isSRGB(original)
        var srgb = JxlColorEncoding()
        JxlColorEncodingSetToSRGB(&srgb, grey ? JXL_TRUE : JXL_FALSE)
        guard JxlDecoderSetPreferredColorProfile(decoder, &srgb) == JXL_DEC_SUCCESS else {
            throw ImageCodecError(source: source, reason: .corrupt("libjxl cannot convert the image to sRGB"))
        }
        return !isSRGB
    }

    /// sRGB by name: D65, sRGB primaries (any, for grey) and the sRGB transfer.
    private static func isSRGB(_ encoding: JxlColorEncoding) -> Bool {
        encoding.white_point == JXL_WHITE_POINT_D65 && encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB
            && (encoding.color_space == JXL_COLOR_SPACE_GRAY || encoding.primaries == JXL_PRIMARIES_SRGB)
    }

    private func subscribe(_ events: [JxlDecoderStatus]) throws(ImageCodecError) {
        let mask = events.reduce(Int32(0)) { $0 | Int32($1.rawValue) }
        guard JxlDecoderSubscribeEvents(decoder, mask) == JXL_DEC_SUCCESS else {
            throw ImageCodecError(source: source, reason: .corrupt("libjxl refused the events"))
        }
    }

    /// Runs libjxl to its next event, which must be `expected`: running out of input is a
    /// cut-off file, an error or another event a damaged one (`stage` names what was read).
    private func next(expecting expected: JxlDecoderStatus, stage: String) throws(ImageCodecError) {
        var status = JxlDecoderProcessInput(decoder)
        if status == JXL_DEC_NEED_MORE_INPUT, !inputClosed {
            inputClosed = true
            JxlDecoderCloseInput(decoder)
            status = JxlDecoderProcessInput(decoder)
            // Closed, libjxl reports the end of the data as an error: the file is cut off.
            if status != expected { throw ImageCodecError(source: source, reason: .truncated) }
        }
        if status == expected { return }
        if status == JXL_DEC_NEED_MORE_INPUT { throw ImageCodecError(source: source, reason: .truncated) }
        throw ImageCodecError(source: source, reason: .corrupt("libjxl could not decode the \(stage)"))
    }

    private func basicInfo() throws(ImageCodecError) -> JxlBasicInfo {
        var info = JxlBasicInfo()
        guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
            throw ImageCodecError(source: source, reason: .corrupt("libjxl could not decode the header"))
        }
        return info
    }
}
