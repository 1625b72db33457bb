import CGIF

/// giflib (`DGifOpen` over the bytes in memory), one frame at a time: the logical screen, then
/// for the current frame its place, colour table and graphic control (`frame`), its colour
/// indices (`readIndices`), and `advance()` to the next one. giflib prints nothing and never
/// aborts; its errors come back as codes, turned into `ImageCodecError`s here.
///
/// giflib keeps a record of every image descriptor it reads (`SavedImages`, with a copy of each
/// local colour table); the reader frees them frame by frame, so reading an animation of any
/// length holds one frame's state.
final class GIFFrameReader {
    /// The picture's size: the logical screen, grown to hold the first frame (as Pillow does).
    let width: Int
    let height: Int
    /// The logical screen's background index when the file has a global colour table (Pillow's
    /// `info["background"]`), else nil.
    let backgroundIndex: Int?
    /// The NETSCAPE2.0 loop count given before the first frame (as Pillow reads it), else nil.
    private(set) var loopCount: Int?
    /// The current frame.
    private(set) var frame: GIFFrameDescriptor
    /// The current frame's position, 0 for the first.
    private(set) var frameIndex = 0

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
        backgroundIndex = opened.pointee.SColorMap != nil ? Int(opened.pointee.SBackGroundColor) : nil
        var loop: Int?
        let first: GIFFrameDescriptor?
        do {
            first = try Self.readRecords(opened, input: input, source: source, loopCount: &loop)
        } catch {
            DGifCloseFile(opened, nil)
            throw error
        }
        guard let first else {
            DGifCloseFile(opened, nil)
            throw ImageCodecError(source: source, reason: .corrupt("GIF has no image"))
        }
        frame = first
        loopCount = loop
        width = max(Int(opened.pointee.SWidth), first.x + first.width)
        height = max(Int(opened.pointee.SHeight), first.y + first.height)
    }

    deinit { DGifCloseFile(gif, nil) }

    /// Moves to the next frame, after the current one's indices were read; false at the end
    /// of the file (its trailer).
    func advance() throws(ImageCodecError) -> Bool {
        var loop = loopCount
        guard let next = try Self.readRecords(gif, input: input, source: source, loopCount: &loop) else { return false }
        frame = next
        frameIndex += 1
        return true
    }

    /// The records up to the next image descriptor, read: that frame's descriptor, or nil at
    /// the trailer. `loopCount` is set from a NETSCAPE2.0 block; Pillow reads it before the
    /// first frame only, so the caller passes it back unchanged after.
    private static func readRecords(_ gif: UnsafeMutablePointer<GifFileType>, input: Input, source: String,
                                    loopCount: inout Int?) throws(ImageCodecError) -> GIFFrameDescriptor? {
        var transparent: Int?
        var delay: Int?
        var disposal = 0
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else {
                throw failure(code: gif.pointee.Error, ranOut: input.ranOut, source: source)
            }
            if record == IMAGE_DESC_RECORD_TYPE { break }
            if record == TERMINATE_RECORD_TYPE { return nil }
            if record == EXTENSION_RECORD_TYPE {
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                var ok = DGifGetExtension(gif, &code, &block) == GIF_OK
                if ok, code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    // As Pillow: a later extension without the flag leaves an index given before.
                    if block[1] & 1 != 0 { transparent = Int(block[4]) }
                    delay = Int(block[2]) | Int(block[3]) << 8
                    disposal = Int(block[1] >> 2) & 7
                }
                let netscape = ok && code == APPLICATION_EXT_FUNC_CODE && block.map { isNetscape($0) } == true
                if ok, block != nil { ok = DGifGetExtensionNext(gif, &block) == GIF_OK }
                if ok, netscape, let block, block[0] >= 3, block[1] == 1 {
                    loopCount = Int(block[2]) | Int(block[3]) << 8
                }
                while ok, block != nil { ok = DGifGetExtensionNext(gif, &block) == GIF_OK }
                if !ok { throw failure(code: gif.pointee.Error, ranOut: input.ranOut, source: source) }
            }
        }
        guard DGifGetImageDesc(gif) == GIF_OK else {
            throw failure(code: gif.pointee.Error, ranOut: input.ranOut, source: source)
        }
        let desc = gif.pointee.Image
        let map = desc.ColorMap ?? gif.pointee.SColorMap
        let palette = map.map { map in
            (0..<Int(map.pointee.ColorCount)).map { i in
                let c = map.pointee.Colors[i]
                return (c.Red, c.Green, c.Blue)
            }
        }
        // giflib's record of the descriptor (and its colour table's copy) is not needed: free
        // it, so that memory does not grow with the number of frames.
        GifFreeSavedImages(gif)
        gif.pointee.ImageCount = 0
        return GIFFrameDescriptor(x: Int(desc.Left), y: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height),
                                  interlaced: desc.Interlace, palette: palette, transparentIndex: transparent,
                                  delay: delay, disposal: disposal)
    }

    /// Whether an application extension's first block (length first) names NETSCAPE2.0.
    private static func isNetscape(_ block: UnsafeMutablePointer<GifByteType>) -> Bool {
        let name = Array("NETSCAPE2.0".utf8)
        return Int(block[0]) >= name.count && name.indices.allSatisfy { block[$0 + 1] == name[$0] }
    }

    /// The current frame's colour indices inside the picture (`width` × `height`), row by row
    /// in picture order (interlaced rows put back). A later frame may declare any size up to
    /// 65535 × 65535 wherever it lies; its rows are decoded one at a time through a single
    /// row's buffer, and only the part on the canvas is kept, so memory is bounded by the
    /// canvas the loader budgeted for.
    ///
    /// A file cut off after the frame's last pixel is read, as Pillow reads it (its decoder
    /// stops at the last pixel; the file may end before the frame's block terminator, or inside
    /// a sub-block that holds no pixel). giflib reads past the last pixel to that terminator,
    /// so the last row fails there; whether it was written whole is found by decoding the file
    /// again with that row prefilled differently (`lastRowFill`): a byte giflib did not write
    /// keeps its fill and the two rows differ.
    func readIndices() throws(ImageCodecError) -> GIFFrameIndices {
        try readIndices(lastRowFill: 0, checkCutAfterLastPixel: true).kept
    }

    private func readIndices(lastRowFill: UInt8, checkCutAfterLastPixel: Bool)
        throws(ImageCodecError) -> (kept: GIFFrameIndices, lastRow: [UInt8]) {
        let frameWidth = frame.width, frameHeight = frame.height
        let x0 = min(frame.x, width), x1 = min(width, frame.x + frameWidth)
        let y0 = min(frame.y, height), y1 = min(height, frame.y + frameHeight)
        // Zeroed; every kept row is then written by giflib, or the decode fails (no row is
        // handed on unwritten: the last one is compared against a second decode first).
        var kept = GIFFrameIndices(x: x0, y: y0, width: x1 - x0, height: y1 - y0,
                                   indices: [UInt8](repeating: 0, count: (x1 - x0) * (y1 - y0)))
        var line = [UInt8](repeating: 0, count: frameWidth)
        let rows: [Int] = frame.interlaced
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: frameHeight, by: $0.1) }
            : Array(0..<frameHeight)
        for (k, row) in rows.enumerated() {
            let last = k == rows.count - 1
            if last { line.withUnsafeMutableBufferPointer { $0.update(repeating: lastRowFill) } }
            let ok = line.withUnsafeMutableBufferPointer {
                DGifGetLine(gif, $0.baseAddress!, Int32(frameWidth)) == GIF_OK
            }
            if !ok {
                let failure = Self.failure(code: gif.pointee.Error, ranOut: input.ranOut, source: source)
                guard last, input.ranOut else { throw failure }
                if !checkCutAfterLastPixel { break }    // the second decode: the caller compares this row
                let again = try? reopened(atFrame: frameIndex)?
                    .readIndices(lastRowFill: 0xFF, checkCutAfterLastPixel: false)
                guard let again, again.lastRow == line else { throw failure }
            }
            let pictureRow = frame.y + row
            if pictureRow >= y0, pictureRow < y1, x0 < x1 {
                let start = (pictureRow - y0) * kept.width
                kept.indices[start..<(start + kept.width)] = line[(x0 - frame.x)..<(x1 - frame.x)]
            }
        }
        return (kept, line)
    }

    /// A second reader over the same bytes at frame `index` (the frames before it read), or nil.
    private func reopened(atFrame index: Int) throws(ImageCodecError) -> GIFFrameReader? {
        let reader = try GIFFrameReader(input.bytes, source: source)
        for _ in 0..<index {
            _ = try reader.readIndices()
            guard try reader.advance() else { return nil }
        }
        return reader
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
