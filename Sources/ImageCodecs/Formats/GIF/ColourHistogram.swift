/// The colours of the pixels a palette is made for, counted in cells of 6 bits a channel
/// (64 × 64 × 64) with the exact sums of the colours that fell in each cell, so a cell's mean
/// is the mean of its pixels and not the cell's centre. It also notes whether the pixels hold
/// at most a palette's worth of exact colours (a graphic), which then need no quantising.
///
/// Integers only: the same pixels give the same histogram on every machine.
struct ColourHistogram {
    static let cellCount = 1 << 18

    /// Pixels counted, per cell.
    private(set) var counts: [Int]
    /// Sum of red, green and blue per cell (three entries a cell).
    private(set) var sums: [Int]
    /// The first exact colour (0xRRGGBB) seen in each cell, and whether another was seen.
    private var firstColour: [UInt32]
    private var mixedCells = 0
    /// The cells holding a pixel, in the order they were first met.
    private(set) var occupied: [Int] = []

    init() {
        counts = [Int](repeating: 0, count: Self.cellCount)
        sums = [Int](repeating: 0, count: Self.cellCount * 3)
        firstColour = [UInt32](repeating: 0, count: Self.cellCount)
    }

    static func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
    }

    mutating func add(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        let c = Self.cell(r, g, b)
        let rgb = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        if counts[c] == 0 {
            occupied.append(c)
            firstColour[c] = rgb
        } else if firstColour[c] != rgb && firstColour[c] & 0x0100_0000 == 0 {
            firstColour[c] |= 0x0100_0000
            mixedCells += 1
        }
        counts[c] += 1
        sums[c * 3] += Int(r)
        sums[c * 3 + 1] += Int(g)
        sums[c * 3 + 2] += Int(b)
    }

    /// Empties the histogram, touching only the cells in use, so an encoder reuses one
    /// histogram for every frame instead of clearing 9 MB each time.
    mutating func reset() {
        for c in occupied {
            counts[c] = 0
            sums[c * 3] = 0; sums[c * 3 + 1] = 0; sums[c * 3 + 2] = 0
            firstColour[c] = 0
        }
        occupied.removeAll(keepingCapacity: true)
        mixedCells = 0
    }

    /// Every exact colour of the pixels (0xRRGGBB, in the order first met) when there are at
    /// most `limit` of them, else nil.
    func exactColours(limit: Int) -> [UInt32]? {
        guard mixedCells == 0, occupied.count <= limit else { return nil }
        return occupied.map { firstColour[$0] }
    }
}
