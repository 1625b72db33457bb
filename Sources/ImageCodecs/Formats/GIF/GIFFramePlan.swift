/// Which pixels of a frame a GIF frame draws: a rectangle of the screen and, in it, the
/// pixels given a colour; the others in it are the transparent index, which leaves what is
/// under them.
struct GIFFramePlan {
    let rect: GIFRect
    /// Per pixel of `rect`, row by row: drawn in its colour, or left transparent.
    private let drawn: [Bool]
    let leavesPixelsUndrawn: Bool

    private init(rect: GIFRect, drawn: [Bool]) {
        self.rect = rect
        self.drawn = drawn
        leavesPixelsUndrawn = drawn.contains(false)
    }

    /// The first frame: the whole screen, every pixel that is not fully transparent.
    static func first(_ frame: HostImage) -> GIFFramePlan { whole(frame) }

    /// The whole screen, every pixel that is not fully transparent.
    static func whole(_ frame: HostImage) -> GIFFramePlan {
        let drawn = frame.pixels.withUnsafeBufferPointer { p in
            (0..<(frame.width * frame.height)).map { p[$0 * 4 + 3] != 0 }
        }
        return GIFFramePlan(rect: GIFRect(x: 0, y: 0, width: frame.width, height: frame.height), drawn: drawn)
    }

    /// A frame that draws nothing (one transparent pixel): it only ends the time of the one
    /// before, whose disposal cleared what had to clear.
    static let nothing = GIFFramePlan(rect: GIFRect(x: 0, y: 0, width: 1, height: 1), drawn: [false])

    /// The smallest rectangle holding every pixel that is fully transparent in `frame` but
    /// not in `previous` (the screen shows it there, so something must clear it), or nil.
    static func rectToClear(_ frame: HostImage, previous: HostImage) -> GIFRect? {
        bounds(width: frame.width, height: frame.height, frame, previous) { t, s, _ in
            t[3] == 0 && s[3] != 0
        }
    }

    /// The pixels that differ from what the screen shows after `previous` (with `cleared`
    /// cleared to transparent): opaque ones whose colour changed, or that were transparent,
    /// or that the clearing removed; their bounding rectangle, or nil when nothing changed.
    static func changes(_ frame: HostImage, previous: HostImage, cleared: GIFRect?) -> GIFFramePlan? {
        let draws: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, (x: Int, y: Int)) -> Bool = { t, s, at in
            t[3] != 0 && (s[3] == 0 || t[0] != s[0] || t[1] != s[1] || t[2] != s[2]
                          || (cleared?.contains(x: at.x, y: at.y) ?? false))
        }
        guard let rect = bounds(width: frame.width, height: frame.height, frame, previous, draws) else { return nil }
        var drawn = [Bool](repeating: false, count: rect.width * rect.height)
        frame.pixels.withUnsafeBufferPointer { t in
            previous.pixels.withUnsafeBufferPointer { s in
                for y in 0..<rect.height {
                    for x in 0..<rect.width {
                        let i = ((rect.y + y) * frame.width + rect.x + x) * 4
                        drawn[y * rect.width + x] = draws(UnsafeBufferPointer(rebasing: t[i..<(i + 4)]),
                                                          UnsafeBufferPointer(rebasing: s[i..<(i + 4)]),
                                                          (rect.x + x, rect.y + y))
                    }
                }
            }
        }
        return GIFFramePlan(rect: rect, drawn: drawn)
    }

    /// The bounding rectangle of the pixels `test` picks, or nil.
    private static func bounds(width: Int, height: Int, _ frame: HostImage, _ previous: HostImage,
                               _ test: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, (x: Int, y: Int)) -> Bool) -> GIFRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        frame.pixels.withUnsafeBufferPointer { t in
            previous.pixels.withUnsafeBufferPointer { s in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        if test(UnsafeBufferPointer(rebasing: t[i..<(i + 4)]), UnsafeBufferPointer(rebasing: s[i..<(i + 4)]), (x, y)) {
                            minX = min(minX, x); maxX = max(maxX, x)
                            minY = min(minY, y); maxY = max(maxY, y)
                        }
                    }
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Calls `body` with the colour of every drawn pixel, row by row.
    func forEachDrawn(_ frame: HostImage, _ body: (UInt8, UInt8, UInt8) -> Void) {
        frame.pixels.withUnsafeBufferPointer { p in
            for y in 0..<rect.height {
                for x in 0..<rect.width where drawn[y * rect.width + x] {
                    let i = ((rect.y + y) * frame.width + rect.x + x) * 4
                    body(p[i], p[i + 1], p[i + 2])
                }
            }
        }
    }

    /// The frame's colour indices over `rect`: `index` of each drawn pixel's colour, the
    /// transparent index elsewhere.
    func indices(_ frame: HostImage, transparentIndex: UInt8,
                 _ index: (UInt8, UInt8, UInt8) -> UInt8) -> [UInt8] {
        var out = [UInt8](repeating: transparentIndex, count: rect.width * rect.height)
        frame.pixels.withUnsafeBufferPointer { p in
            for y in 0..<rect.height {
                for x in 0..<rect.width where drawn[y * rect.width + x] {
                    let i = ((rect.y + y) * frame.width + rect.x + x) * 4
                    out[y * rect.width + x] = index(p[i], p[i + 1], p[i + 2])
                }
            }
        }
        return out
    }
}
