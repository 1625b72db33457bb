import CTurboJPEG

/// Reads a JPEG's quantised coefficients with libjpeg-turbo (`jpeg_read_coefficients`), for a
/// device to make the pixels from (issue 35, stage 1): the host keeps only the entropy decode.
///
/// The file first goes through `JPEGDecoder.plan`, the checks every decode of it runs (pixel
/// limit, memory budget, shrink-on-load scale), so it fails here exactly as it fails there.
/// After that, anything this reader does not hand on exactly is left to the host decoder,
/// which gives the file its verdict and message: nil means "decode on the host". That covers
/// any libjpeg warning or error while reading (a damaged or cut-off file), CMYK, YCCK, RGB
/// and other colour spaces, a sampling libjpeg-turbo cannot upsample, progressive files
/// libjpeg-turbo smooths (some AC coefficients never fully sent), and coefficients that
/// with the decoded image would not fit the memory budget. A sequential file's scan is
/// entropy-decoded only when its blocks are written into the upload (`JPEGHostBlocks`), so a
/// damage there is found then, and the device declines the file.
///
/// With `stage` `.entropy` (issue 35 stage 2), a file `JPEGBaselineParser` accepts is not
/// entropy-decoded here: libjpeg reads only its headers (the same sizes, tables and checks),
/// and the result carries the scan for the device to decode (`JPEGCoefficients.entropyScan`).
enum JPEGCoefficientReader {
    static func read(_ bytes: UnsafeRawBufferPointer, file: [UInt8], scan: JPEGMarkerScan, options: DecodeOptions,
                     source: String, stage: JPEGDeviceStage = .entropy) throws(ImageCodecError) -> JPEGCoefficients? {
        guard let handle = tjInitDecompress() else {
            throw ImageCodecError(source: source, reason: .corrupt(String(cString: tjGetErrorStr2(nil))))
        }
        defer { tjDestroy(handle) }
        let plan = try JPEGDecoder.plan(bytes, handle: handle, scan: scan, options: options, source: source)
        guard plan.colourspace == Int32(TJCS_YCbCr.rawValue) || plan.colourspace == Int32(TJCS_GRAY.rawValue) else {
            return nil
        }
        guard let reader = gpuglitch_jpeg_coefficients_new() else { return nil }
        defer { gpuglitch_jpeg_coefficients_free(reader) }
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let jpeg = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let entropyScan = stage == .coefficients ? nil : JPEGBaselineParser.parse(bytes)
        // The header only: the blocks are read below, or when they are written (`JPEGHostBlocks`).
        guard gpuglitch_jpeg_coefficients_start(reader, jpeg, bytes.count, Int32(plan.denominator), 0, &message) == 0
        else { return nil }
        let decodesLater = entropyScan == nil && reader.pointee.cinfo.progressive_mode == 0
            && gpuglitch_jpeg_coefficients_first_scan_has_all(reader) != 0
        let r = reader.pointee
        let info = r.cinfo
        let colourSpace: JPEGCoefficients.ColourSpace
        switch (info.jpeg_color_space, info.num_components) {
        case (JCS_GRAYSCALE, 1): colourSpace = .grayscale
        case (JCS_YCbCr, 3): colourSpace = .yCbCr
        default: return nil
        }
        // TurboJPEG's size for the scale is libjpeg's; anything else is a file this reader
        // does not understand as the host decoder does.
        guard Int(r.output_width) == plan.outWidth, Int(r.output_height) == plan.outHeight else { return nil }
        let sizes = withUnsafeBytes(of: r.dct_scaled_size) { Array($0.bindMemory(to: Int32.self)) }
        let widths = withUnsafeBytes(of: r.downsampled_width) { Array($0.bindMemory(to: UInt32.self)) }
        let heights = withUnsafeBytes(of: r.downsampled_height) { Array($0.bindMemory(to: UInt32.self)) }
        let maxH = Int(info.max_h_samp_factor), maxV = Int(info.max_v_samp_factor)
        let minimumSize = Int(r.min_dct_scaled_size)

        var total = 0
        for index in 0..<Int(info.num_components) {
            total += Int(info.comp_info[index].width_in_blocks) * Int(info.comp_info[index].height_in_blocks)
        }
        // A progressive file's: libjpeg's coefficient arrays and their copy live together until
        // the copy is done. (A sequential file's decode needs only the upload: the same budget
        // keeps the same files on the device.)
        do {
            try ImageDecoder.checkMemoryBudget(width: plan.outWidth, height: plan.outHeight,
                                               decoderBytes: 2 * total * 64 * 2, options: options, source: source)
        } catch {
            return nil
        }
        var hostBlocks: JPEGHostBlocks? = nil
        if entropyScan == nil {
            if decodesLater {
                hostBlocks = JPEGHostBlocks(decodingLater: file, scaleDenominator: plan.denominator, blockCount: total)
            } else {
                var read = true
                let blocks = [Int16](unsafeUninitializedCapacity: total * 64) { buffer, initialised in
                    read = gpuglitch_jpeg_coefficients_decode_started(reader, buffer.baseAddress, total, 1, &message) == 0
                    initialised = read ? total * 64 : 0
                }
                guard read, reader.pointee.block_smoothing == 0 else { return nil }
                hostBlocks = JPEGHostBlocks(read: blocks)
            }
        }
        var components: [JPEGCoefficients.Component] = []
        for index in 0..<Int(info.num_components) {
            let component = info.comp_info[index]
            // Latched at the scan's start where the blocks were read; otherwise the tables as
            // the headers left them, what the first scan, which holds every component, latches.
            guard let table = component.quant_table
                    ?? (hostBlocks?.readWithFile == true ? nil : quantTable(info, Int(component.quant_tbl_no)))
            else { return nil }
            let quant = withUnsafeBytes(of: table.pointee.quantval) { Array($0.bindMemory(to: UInt16.self)) }
            guard let upsampling = JPEGUpsamplingChoice(
                horizontalSampling: Int(component.h_samp_factor), verticalSampling: Int(component.v_samp_factor),
                idctSize: Int(sizes[index]), minimumIDCTSize: minimumSize, maxHorizontalSampling: maxH,
                maxVerticalSampling: maxV, downsampledWidth: Int(widths[index])) else { return nil }
            components.append(JPEGCoefficients.Component(
                quantTable: quant, widthInBlocks: Int(component.width_in_blocks),
                heightInBlocks: Int(component.height_in_blocks), idctSize: Int(sizes[index]),
                downsampledWidth: Int(widths[index]), downsampledHeight: Int(heights[index]),
                upsampling: upsampling.method, horizontalExpansion: upsampling.horizontalExpansion,
                verticalExpansion: upsampling.verticalExpansion))
        }
        return JPEGCoefficients(colourSpace: colourSpace, components: components, width: plan.outWidth,
                                height: plan.outHeight, orientation: plan.orientation,
                                sourceWidth: plan.full.width, sourceHeight: plan.full.height,
                                scaleDenominator: plan.denominator, entropyScan: entropyScan, hostBlocks: hostBlocks)
    }

    /// `cinfo.quant_tbl_ptrs[index]` (a C array Swift sees as a tuple).
    private static func quantTable(_ info: jpeg_decompress_struct, _ index: Int) -> UnsafeMutablePointer<JQUANT_TBL>? {
        guard (0..<4).contains(index) else { return nil }
        return withUnsafeBytes(of: info.quant_tbl_ptrs) {
            $0.bindMemory(to: UnsafeMutablePointer<JQUANT_TBL>?.self)[index]
        }
    }
}

/// Which part of a JPEG decode a device does (issue 35).
package enum JPEGDeviceStage: Sendable {
    /// Stage 1: libjpeg-turbo entropy-decodes on the host, the device makes pixels of the
    /// coefficients.
    case coefficients
    /// Stage 2 where the file allows (`JPEGBaselineParser`): the device also Huffman-decodes,
    /// the scan cut into chunks decoded side by side (jpeg_huffman.cl). Stage 1 for every other
    /// file.
    case entropy
}
