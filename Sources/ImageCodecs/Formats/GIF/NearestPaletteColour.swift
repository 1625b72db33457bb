/// The palette entry nearest a colour (squared RGB distance; on a tie, the lower index), found
/// by searching outwards from the colour's green among the entries sorted by green and
/// stopping once green alone is farther than the best; answers are cached by exact colour, so
/// runs and repeats cost one lookup. The search is exact, so the cache changes nothing but time.
struct NearestPaletteColour {
    /// The palette's entries sorted by green (then index): green, red, blue and the index.
    private let sortedGreen: [Int32]
    private let sortedRed: [Int32]
    private let sortedBlue: [Int32]
    private let sortedIndex: [Int32]
    private var cacheKeys: [UInt32]
    private var cacheValues: [UInt8]
    private static let cacheBits = 16

    /// `palette`: 0xRRGGBB entries, at most 256, at least one.
    init(palette: [UInt32]) {
        let order = palette.indices.sorted { a, b in
            let ga = (palette[a] >> 8) & 0xFF, gb = (palette[b] >> 8) & 0xFF
            return ga != gb ? ga < gb : a < b
        }
        sortedGreen = order.map { Int32((palette[$0] >> 8) & 0xFF) }
        sortedRed = order.map { Int32(palette[$0] >> 16) }
        sortedBlue = order.map { Int32(palette[$0] & 0xFF) }
        sortedIndex = order.map { Int32($0) }
        cacheKeys = [UInt32](repeating: .max, count: 1 << Self.cacheBits)
        cacheValues = [UInt8](repeating: 0, count: 1 << Self.cacheBits)
    }

    /// The index of the entry nearest `r`, `g`, `b`.
    mutating func index(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let slot = Int((key &* 2_654_435_761) >> UInt32(32 - Self.cacheBits))
        if cacheKeys[slot] == key { return cacheValues[slot] }
        let found = UInt8(search(Int32(r), Int32(g), Int32(b)))
        cacheKeys[slot] = key
        cacheValues[slot] = found
        return found
    }

    /// The nearest entry's index, without the cache.
    func search(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
        let n = sortedGreen.count
        // First entry whose green is at least g.
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if sortedGreen[mid] < g { lo = mid + 1 } else { hi = mid }
        }
        var best = Int32.max, bestIndex = Int32.max
        var up = lo, down = lo - 1
        while up < n || down >= 0 {
            if up < n {
                let dg = sortedGreen[up] - g
                if dg * dg > best { up = n } else {
                    let dr = sortedRed[up] - r, db = sortedBlue[up] - b
                    let d = dr * dr + dg * dg + db * db
                    if d < best || (d == best && sortedIndex[up] < bestIndex) { best = d; bestIndex = sortedIndex[up] }
                    up += 1
                }
            }
            if down >= 0 {
                let dg = g - sortedGreen[down]
                if dg * dg > best { down = -1 } else {
                    let dr = sortedRed[down] - r, db = sortedBlue[down] - b
                    let d = dr * dr + dg * dg + db * db
                    if d < best || (d == best && sortedIndex[down] < bestIndex) { best = d; bestIndex = sortedIndex[down] }
                    down -= 1
                }
            }
        }
        return Int(bestIndex)
    }
}
