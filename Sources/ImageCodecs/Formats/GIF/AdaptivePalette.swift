/// An adaptive palette of at most `maximumColours` colours for the pixels of a histogram:
/// their exact colours when there are no more than that (a graphic keeps every colour), else
/// a variance median cut (the box whose colours are farthest from their mean is split, along
/// its widest channel, where the two halves are tightest) refined by a few rounds of k-means
/// (each colour goes to its nearest entry, each entry moves to the mean of its colours).
///
/// Pillow's GIF writer quantises with a median cut alone and maps each pixel to its box's
/// colour; the k-means rounds and the nearest-entry mapping are what make these palettes the
/// more faithful (docs/SPEC.md, GIF output). Colours and sums are integers; the split score is
/// a double computed in one fixed order, so the palette is the same on every run and machine.
enum AdaptivePalette {
    /// Rounds of k-means after the median cut.
    static let refinementRounds = 4

    /// 0xRRGGBB entries, at least one when the histogram holds a pixel.
    static func make(from histogram: ColourHistogram, maximumColours: Int) -> [UInt32] {
        if let exact = histogram.exactColours(limit: maximumColours) { return exact }
        let cells = histogram.occupied
        let counts = cells.map { histogram.counts[$0] }
        let means: [[Int]] = (0..<3).map { channel in
            cells.indices.map { i in
                let n = counts[i]
                return (histogram.sums[cells[i] * 3 + channel] + n / 2) / n
            }
        }
        var palette = medianCut(means: means, counts: counts, maximumColours: maximumColours) { members in
            mean(of: members, cells: cells, histogram: histogram)
        }
        for _ in 0..<refinementRounds {
            let nearest = NearestPaletteColour(palette: palette)
            var members = [[Int]](repeating: [], count: palette.count)
            for i in cells.indices {
                let entry = nearest.search(Int32(means[0][i]), Int32(means[1][i]), Int32(means[2][i]))
                members[entry].append(i)
            }
            for entry in palette.indices where !members[entry].isEmpty {
                palette[entry] = mean(of: members[entry], cells: cells, histogram: histogram)
            }
        }
        return palette
    }

    /// The mean colour of the pixels in `members` (indices into `cells`), rounded.
    private static func mean(of members: some Collection<Int>, cells: [Int], histogram: ColourHistogram) -> UInt32 {
        var n = 0, r = 0, g = 0, b = 0
        for i in members {
            let c = cells[i]
            n += histogram.counts[c]
            r += histogram.sums[c * 3]
            g += histogram.sums[c * 3 + 1]
            b += histogram.sums[c * 3 + 2]
        }
        return UInt32((r + n / 2) / n) << 16 | UInt32((g + n / 2) / n) << 8 | UInt32((b + n / 2) / n)
    }

    /// A run of `order` and how far its colours lie from their mean (summed squared distance).
    private struct Box {
        var start: Int, end: Int
        var spread: Double
    }

    /// Splits boxes of cells until there are `maximumColours` or none can be split; the
    /// palette is each box's mean (`colour`).
    private static func medianCut(means: [[Int]], counts: [Int], maximumColours: Int,
                                  colour: (ArraySlice<Int>) -> UInt32) -> [UInt32] {
        var order = Array(counts.indices)
        func spread(_ start: Int, _ end: Int) -> (total: Double, axis: Int) {
            var best = (total: 0.0, axis: 0, axisSpread: -1.0)
            for axis in 0..<3 {
                var w = 0.0, s = 0.0, s2 = 0.0
                for k in start..<end {
                    let i = order[k], x = Double(means[axis][i]), c = Double(counts[i])
                    w += c; s += c * x; s2 += c * x * x
                }
                let axisSpread = s2 - s * s / w
                best.total += axisSpread
                if axisSpread > best.axisSpread { best.axis = axis; best.axisSpread = axisSpread }
            }
            return (best.total, best.axis)
        }
        var boxes = [Box(start: 0, end: order.count, spread: spread(0, order.count).total)]
        while boxes.count < maximumColours {
            var pick = -1
            for (k, box) in boxes.enumerated() where box.end - box.start > 1 && box.spread > 0 {
                if pick < 0 || box.spread > boxes[pick].spread { pick = k }
            }
            if pick < 0 { break }
            let box = boxes[pick]
            let axis = spread(box.start, box.end).axis
            let values = means[axis]
            order[box.start..<box.end].sort { values[$0] != values[$1] ? values[$0] < values[$1] : $0 < $1 }
            // The split that leaves the two halves tightest, from prefix sums over all channels.
            var total = (w: 0.0, s: [0.0, 0.0, 0.0], s2: 0.0)
            for k in box.start..<box.end {
                let i = order[k], c = Double(counts[i])
                total.w += c
                for a in 0..<3 {
                    let x = Double(means[a][i])
                    total.s[a] += c * x; total.s2 += c * x * x
                }
            }
            var left = (w: 0.0, s: [0.0, 0.0, 0.0], s2: 0.0)
            var bestSplit = box.start + 1, bestScore = Double.infinity
            for k in box.start..<(box.end - 1) {
                let i = order[k], c = Double(counts[i])
                left.w += c
                for a in 0..<3 {
                    let x = Double(means[a][i])
                    left.s[a] += c * x; left.s2 += c * x * x
                }
                // Only between different values on the axis: equal values stay together.
                if values[order[k + 1]] == values[i] { continue }
                let rightW = total.w - left.w
                var score = left.s2 + (total.s2 - left.s2)
                for a in 0..<3 {
                    let r = total.s[a] - left.s[a]
                    score -= left.s[a] * left.s[a] / left.w + r * r / rightW
                }
                if score < bestScore { bestScore = score; bestSplit = k + 1 }
            }
            if bestScore == .infinity {
                // Every cell has the same value on the widest axis yet the box has spread: split
                // on the next best axis by marking this box done; rare, keeps the loop finite.
                boxes[pick].spread = 0
                continue
            }
            boxes[pick] = Box(start: box.start, end: bestSplit, spread: spread(box.start, bestSplit).total)
            boxes.append(Box(start: bestSplit, end: box.end, spread: spread(bestSplit, box.end).total))
        }
        return boxes.map { colour(order[$0.start..<$0.end]) }
    }
}
