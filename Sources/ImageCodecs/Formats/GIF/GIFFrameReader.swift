import CGIF

/// giflib (`DGifOpen` over the bytes in memory) positioned at the first frame: the logical
/// screen, the first frame's place, colour table and transparency index (from the graphic
/// control extension before it), ready for `readIndices`. giflib prints nothing and never
/// aborts; its errors come back as codes, turned into `ImageCodecError`s here.
final class GIFFrameReader {
    /// The picture's size: the logical screen, grown to hold the first frame (as Pillow does).
    let width: Int
    let height: Int
    /// The first frame's rectangle in the picture.
    let frameX: Int, frameY: Int, frameWidth: Int, frameHeight: Int
    let interlaced: Bool
    /// RGB of each colour, from the frame's local table, else the global one; nil when neither.
    let palette: [(UInt8, UInt8, UInt8)]?
    /// The index that is transparent, from the first frame's graphic control extension.
    let transparentIndex: Int?

    private let input: Input
    private let gif: UnsafeMutablePointer<GifFileType>
    private let source: String

    /// The bytes giflib reads from (the file's array, shared: no copy), and whether it asked for
    /// more than there is.
    private final class Input {
        let bytes: [UInt8]
        var position = 0
        var ranOut = false
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    init(_ bytes: [UInt8], source: String) throws(ImageCodecError) {
        self.source = source
        let input = Input(bytes)
        self.input = input
        var error: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), { file, buffer, wanted in
            guard let file, let user = file.pointee.UserData, let buffer, wanted > 0 else { return 0 }
            let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
            let n = min(Int(wanted), input.bytes.count - input.position)
            if n < Int(wanted) { input.ranOut = true }
            if n > 0 {
                input.bytes.withUnsafeBytes {
                    UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress! + input.position, byteCount: n)
                }
                input.position += n
            }
            return Int32(n)
        }, &error)
        guard let opened else { throw Self.failure(code: error, ranOut: input.ranOut, source: source) }
        gif = opened
        var transparent: Int?
        // Records up to the first image descriptor; only the graphic control extension matters.
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else {
                let code = gif.pointee.Error
                DGifCloseFile(gif, nil)
                throw Self.failure(code: code, ranOut: input.ranOut, source: source)
            }
            if record == IMAGE_DESC_RECORD_TYPE { break }
            if record == TERMINATE_RECORD_TYPE {
                DGifCloseFile(gif, nil)
                throw ImageCodecError(source: source, reason: .corrupt("GIF has no image"))
            }
            if record == EXTENSION_RECORD_TYPE {
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                var ok = DGifGetExtension(gif, &code, &block) == GIF_OK
                if ok, code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    transparent = block[1] & 1 != 0 ? Int(block[4]) : nil
                }
                while ok, block != nil { ok = DGifGetExtensionNext(gif, &block) == GIF_OK }
                if !ok {
                    let code = gif.pointee.Error
                    DGifCloseFile(gif, nil)
                    throw Self.failure(code: code, ranOut: input.ranOut, source: source)
                }
            }
        }
        guard DGifGetImageDesc(gif) == GIF_OK else {
            let code = gif.pointee.Error
            DGifCloseFile(gif, nil)
            throw Self.failure(code: code, ranOut: input.ranOut, source: source)
        }
        let desc = gif.pointee.Image
        frameX = Int(desc.Left)
        frameY = Int(desc.Top)
        frameWidth = Int(desc.Width)
        frameHeight = Int(desc.Height)
        interlaced = desc.Interlace
        width = max(Int(gif.pointee.SWidth), frameX + frameWidth)
        height = max(Int(gif.pointee.SHeight), frameY + frameHeight)
        transparentIndex = transparent
        let map = desc.ColorMap ?? gif.pointee.SColorMap
        palette = map.map { map in
            (0..<Int(map.pointee.ColorCount)).map { i in
                let c = map.pointee.Colors[i]
                return (c.Red, c.Green, c.Blue)
            }
        }
    }

    deinit { DGifCloseFile(gif, nil) }

    /// The first frame's colour indices, row by row in picture order (interlaced rows put back).
    ///
    /// A file cut off after the frame's last pixel is read, as Pillow reads it (its decoder
    /// stops at the last pixel; the file may end before the frame's block terminator, or inside
    /// a sub-block that holds no pixel). giflib reads past the last pixel to that terminator,
    /// so the last row fails there; whether it was written whole is found by decoding the file
    /// again with that row prefilled differently (`lastRowFill`): a byte giflib did not write
    /// keeps its fill and the two rows differ.
    func readIndices() throws(ImageCodecError) -> [UInt8] {
        try readIndices(lastRowFill: 0, checkCutAfterLastPixel: true)
    }

    private func readIndices(lastRowFill: UInt8, checkCutAfterLastPixel: Bool) throws(ImageCodecError) -> [UInt8] {
        // Zeroed; every row is then written by giflib, or the decode fails (no row is handed on
        // unwritten: the last one is compared against a second decode first).
        var indices = [UInt8](repeating: 0, count: frameWidth * frameHeight)
        let rows: [Int] = interlaced
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: frameHeight, by: $0.1) }
            : Array(0..<frameHeight)
        for (k, row) in rows.enumerated() {
            let last = k == rows.count - 1
            let ok = indices.withUnsafeMutableBufferPointer {
                if last && lastRowFill != 0 { $0[(row * frameWidth)..<((row + 1) * frameWidth)].update(repeating: lastRowFill) }
                return DGifGetLine(gif, $0.baseAddress! + row * frameWidth, Int32(frameWidth)) == GIF_OK
            }
            if ok { continue }
            let failure = Self.failure(code: gif.pointee.Error, ranOut: input.ranOut, source: source)
            guard last, input.ranOut else { throw failure }
            if !checkCutAfterLastPixel { break }    // the second decode: the caller compares this row
            let again = try? GIFFrameReader(input.bytes, source: source)
                .readIndices(lastRowFill: 0xFF, checkCutAfterLastPixel: false)
            guard let again, again[(row * frameWidth)..<((row + 1) * frameWidth)]
                    .elementsEqual(indices[(row * frameWidth)..<((row + 1) * frameWidth)]) else { throw failure }
        }
        return indices
    }

    /// A giflib error: `.truncated` when the data ran out, or when the LZW data ends (end code)
    /// before the frame's last pixel (Pillow's decoder then reads on past the frame and reports
    /// "image file is truncated"); else its message.
    private static func failure(code: Int32, ranOut: Bool, source: String) -> ImageCodecError {
        if ranOut || code == D_GIF_ERR_EOF_TOO_SOON { return ImageCodecError(source: source, reason: .truncated) }
        let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return ImageCodecError(source: source, reason: .corrupt("giflib: \(message)"))
    }
}
