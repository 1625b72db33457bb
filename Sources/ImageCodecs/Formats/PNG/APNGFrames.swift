/// The frame controls of an animated PNG (APNG), found by one walk over its chunks: `acTL`
/// (frame and play counts), then for each frame its `fcTL` and where its image data lies (the
/// `IDAT`s for a default image that is the first frame, its `fdAT`s after their sequence
/// numbers otherwise). Only offsets are kept; the data stays in the file.
struct APNGFrames {
    /// One frame's `fcTL`, and its data's ranges in the file.
    struct Control {
        var x: Int, y: Int, width: Int, height: Int
        /// Pillow's duration: `delay_num / delay_den` seconds, a denominator of 0 meaning 100.
        var duration: Duration?
        /// 0 none, 1 background (cleared), 2 previous.
        var dispose: UInt8
        /// 0 source (replace), 1 over (blend through the frame's alpha).
        var blend: UInt8
        var data: [Range<Int>] = []
    }

    /// `acTL`'s frame count, plus the default image when it is not the first frame (Pillow's
    /// `n_frames`).
    let frameCount: Int
    /// `acTL`'s play count: 0 forever.
    let loopCount: Int
    /// The 13 bytes of `IHDR`, and `PLTE` and `tRNS` when present: what each frame is decoded with.
    let header: [UInt8]
    let palette: [UInt8]?
    let transparency: [UInt8]?
    /// Frames in Pillow's order: the first is the default image (its `fcTL` when it comes
    /// before `IDAT`, else none: not shown again, no disposal).
    var frames: [Control]

    /// Nil when `file` has no `acTL` before its image data (a still PNG). Damage in the
    /// controls (a frame outside the canvas, an empty one, a cut chunk) is `.corrupt`.
    init?(_ file: [UInt8], canvasWidth: Int, canvasHeight: Int, source: String) throws(ImageCodecError) {
        var at = 8
        var counts: (frames: Int, plays: Int)?
        var header: [UInt8] = [], palette: [UInt8]?, transparency: [UInt8]?
        var frames: [Control] = []
        var sawImageData = false
        var defaultIsFrame = false
        func u32(_ i: Int) -> Int { Int(file[i]) << 24 | Int(file[i + 1]) << 16 | Int(file[i + 2]) << 8 | Int(file[i + 3]) }
        func corrupt(_ why: String) -> ImageCodecError { ImageCodecError(source: source, reason: .corrupt("APNG: \(why)")) }
        while at + 8 <= file.count {
            let length = u32(at)
            let type = String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = (at + 8)..<(at + 8 + length)
            guard length < 1 << 31, data.upperBound + 4 <= file.count else {
                if counts == nil { return nil }
                throw ImageCodecError(source: source, reason: .truncated)
            }
            switch type {
            case "IHDR": header = Array(file[data])
            case "PLTE" where !sawImageData: palette = Array(file[data])
            case "tRNS" where !sawImageData: transparency = Array(file[data])
            case "acTL" where !sawImageData && length == 8:
                counts = (u32(data.lowerBound), u32(data.lowerBound + 4))
            case "fcTL" where counts != nil:
                guard length == 26 else { throw corrupt("fcTL of \(length) bytes") }
                let b = data.lowerBound
                let (width, height, x, y) = (u32(b + 4), u32(b + 8), u32(b + 12), u32(b + 16))
                guard width > 0, height > 0, x + width <= canvasWidth, y + height <= canvasHeight else {
                    throw corrupt("a frame of \(width)x\(height) at \(x),\(y) on a \(canvasWidth)x\(canvasHeight) canvas")
                }
                let num = Int(file[b + 20]) << 8 | Int(file[b + 21]), den = Int(file[b + 22]) << 8 | Int(file[b + 23])
                let duration = Duration.nanoseconds(Int64(num) * 1_000_000_000 / Int64(den == 0 ? 100 : den))
                if !sawImageData { defaultIsFrame = true }
                frames.append(Control(x: x, y: y, width: width, height: height, duration: duration,
                                      dispose: file[b + 24], blend: file[b + 25]))
            case "IDAT":
                if !sawImageData, !defaultIsFrame {
                    frames.append(Control(x: 0, y: 0, width: canvasWidth, height: canvasHeight, duration: nil,
                                          dispose: 0, blend: 0))
                }
                sawImageData = true
                frames[frames.count - 1].data.append(data)
            case "fdAT" where counts != nil && !frames.isEmpty && sawImageData:
                guard length >= 4 else { throw corrupt("fdAT of \(length) bytes") }
                frames[frames.count - 1].data.append((data.lowerBound + 4)..<data.upperBound)
            case "IEND":
                at = file.count
                continue
            default: break
            }
            at = data.upperBound + 4
        }
        guard let counts, header.count == 13 else { return nil }
        self.header = header
        self.palette = palette
        self.transparency = transparency
        self.loopCount = counts.plays
        self.frameCount = counts.frames + (defaultIsFrame ? 0 : 1)
        // Pillow stops at the frames it finds (a frame without data ends the animation).
        self.frames = Array(frames.prefix(while: { !$0.data.isEmpty }).prefix(self.frameCount))
    }
}
