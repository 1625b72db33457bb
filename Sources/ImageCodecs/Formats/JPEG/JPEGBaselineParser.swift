#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides from a JPEG's headers whether the device may Huffman-decode it (issue 35 stage 2)
/// and, if so, makes its `JPEGEntropyScan`. The bytes are untrusted: every read is bounds
/// checked and nothing here traps.
///
/// Accepted is only what the device decodes exactly as libjpeg-turbo does and where libjpeg
/// would say nothing: SOI, then APPn/COM, DQT, DHT and DRI segments, one SOF0/SOF1 of 8-bit
/// samples with 1 to 4 components, one SOS holding every component in frame order with
/// Ss 0, Se 63, Ah Al 0, the entropy-coded data with restart markers exactly where the restart
/// interval puts them and in sequence, then EOI. Anything else (progressive, arithmetic,
/// 12-bit, several scans, fill bytes, stray bytes between segments, a marker libjpeg would
/// warn about) gives nil, and the file takes the stage 1 path, which gives libjpeg's verdict.
package enum JPEGBaselineParser {
    /// The MCU can hold at most this many blocks (libjpeg's `D_MAX_BLOCKS_IN_MCU`).
    static let maxBlocksInMCU = 10

    private struct FrameComponent {
        let id: UInt8
        let horizontal: Int
        let vertical: Int
    }

    package static func parse(_ b: UnsafeRawBufferPointer) -> JPEGEntropyScan? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var at = 2
        var frame: (width: Int, height: Int, components: [FrameComponent])? = nil
        var dcTables = [(counts: [UInt8], values: [UInt8])?](repeating: nil, count: 4)
        var acTables = dcTables
        var restartInterval = 0
        while true {
            // Segments follow each other directly: a stray byte or fill byte is for libjpeg.
            guard at + 4 <= b.count, b[at] == 0xFF else { return nil }
            let marker = b[at + 1]
            let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard length >= 2, at + 2 + length <= b.count else { return nil }
            let body = at + 4, end = at + 2 + length
            switch marker {
            case 0xE0...0xEF, 0xFE, 0xDB:                   // APPn, COM, DQT (libjpeg reads the tables)
                break
            case 0xC0, 0xC1:                                // baseline or extended sequential, Huffman
                guard frame == nil, length >= 8, b[body] == 8 else { return nil }
                let height = Int(b[body + 1]) << 8 | Int(b[body + 2])
                let width = Int(b[body + 3]) << 8 | Int(b[body + 4])
                let count = Int(b[body + 5])
                guard width > 0, height > 0, (1...4).contains(count), length == 8 + 3 * count else { return nil }
                var components: [FrameComponent] = []
                for index in 0..<count {
                    let at = body + 6 + 3 * index
                    let h = Int(b[at + 1] >> 4), v = Int(b[at + 1] & 15)
                    guard (1...4).contains(h), (1...4).contains(v), b[at + 2] < 4,
                          !components.contains(where: { $0.id == b[at] }) else { return nil }
                    components.append(FrameComponent(id: b[at], horizontal: h, vertical: v))
                }
                frame = (width, height, components)
            case 0xC4:                                      // DHT
                var p = body
                while p < end {
                    guard p + 17 <= end else { return nil }
                    let index = Int(b[p] & 15), isAC = b[p] >> 4
                    guard index < 4, isAC <= 1 else { return nil }
                    let counts = (1...16).map { b[p + $0] }
                    let total = counts.reduce(0) { $0 + Int($1) }
                    guard total <= 256, p + 17 + total <= end else { return nil }
                    let table = (counts, Array(b[(p + 17)..<(p + 17 + total)]))
                    if isAC == 1 { acTables[index] = table } else { dcTables[index] = table }
                    p += 17 + total
                }
            case 0xDD:                                      // DRI
                guard length == 4 else { return nil }
                restartInterval = Int(b[body]) << 8 | Int(b[body + 1])
            case 0xDA:                                      // SOS
                guard let frame else { return nil }
                return scan(b, header: body, end: end, frame: frame, dcTables: dcTables, acTables: acTables,
                            restartInterval: restartInterval)
            default:                                        // other SOFn, DAC, DNL, EOI, RSTn, ...
                return nil
            }
            at = end
        }
    }

    private static func scan(_ b: UnsafeRawBufferPointer, header: Int, end: Int,
                             frame: (width: Int, height: Int, components: [FrameComponent]),
                             dcTables: [(counts: [UInt8], values: [UInt8])?],
                             acTables: [(counts: [UInt8], values: [UInt8])?],
                             restartInterval: Int) -> JPEGEntropyScan? {
        guard end > header else { return nil }
        let count = Int(b[header])
        guard count == frame.components.count, end - header == 1 + 2 * count + 3,
              b[end - 3] == 0, b[end - 2] == 63, b[end - 1] == 0 else { return nil }
        // The device's tables: each (class, index) the scan uses, once.
        var tables: [Int32] = []
        var slots: [Int: Int] = [:]
        func slot(_ key: Int, _ source: (counts: [UInt8], values: [UInt8])?, isDC: Bool) -> Int? {
            if let known = slots[key] { return known }
            guard let source, let table = JPEGHuffmanTable(counts: source.counts, values: source.values,
                                                           isDC: isDC) else { return nil }
            slots[key] = slots.count
            tables += table.deviceLayout
            return slots.count - 1
        }
        let interleaved = count > 1
        let maxH = frame.components.map(\.horizontal).max() ?? 1
        let maxV = frame.components.map(\.vertical).max() ?? 1
        var blocks: [Int32] = []
        for (index, component) in frame.components.enumerated() {
            let at = header + 1 + 2 * index
            let dcIndex = Int(b[at + 1] >> 4), acIndex = Int(b[at + 1] & 15)
            guard b[at] == component.id, dcIndex < 4, acIndex < 4,
                  let dc = slot(dcIndex, dcTables[dcIndex], isDC: true),
                  let ac = slot(4 + acIndex, acTables[acIndex], isDC: false) else { return nil }
            let h = interleaved ? component.horizontal : 1, v = interleaved ? component.vertical : 1
            for row in 0..<v {
                for column in 0..<h {
                    let entry: [Int] = [index, dc, ac, h, v, column, row, 0]
                    blocks += entry.map { Int32($0) }
                }
            }
        }
        guard blocks.count / JPEGEntropyScan.blockInts <= maxBlocksInMCU else { return nil }
        // MCUs: of maxH x maxV blocks' pixels when interleaved, else one block of the component
        // (jdinput.c per_scan_setup).
        let mcusPerRow: Int, mcuRows: Int
        if interleaved {
            mcusPerRow = (frame.width + 8 * maxH - 1) / (8 * maxH)
            mcuRows = (frame.height + 8 * maxV - 1) / (8 * maxV)
        } else {
            let component = frame.components[0]
            mcusPerRow = (frame.width * component.horizontal + 8 * maxH - 1) / (8 * maxH)
            mcuRows = (frame.height * component.vertical + 8 * maxV - 1) / (8 * maxV)
        }
        let mcuCount = mcusPerRow * mcuRows
        guard let (bytes, intervals) = destuffedIntervals(b, from: end, mcuCount: mcuCount,
                                                          restartInterval: restartInterval) else {
            return nil
        }
        return JPEGEntropyScan(bytes: bytes, intervals: intervals, tables: tables,
                               mcuBlocks: blocks, mcusPerRow: mcusPerRow, mcuCount: mcuCount)
    }

    /// The entropy-coded data starting at `start` with its stuffed zero bytes and restart
    /// markers taken out, and its restart intervals in it: the one pass the host makes over the
    /// scan. Every 0xFF must be a stuffed 0xFF00, the next RST in sequence where the restart
    /// interval says one comes, or the EOI that ends the file's data; nil otherwise.
    private static func destuffedIntervals(_ b: UnsafeRawBufferPointer, from start: Int, mcuCount: Int,
                                           restartInterval: Int) -> ([UInt8], [Int32])? {
        let expected = restartInterval > 0 ? (mcuCount + restartInterval - 1) / restartInterval : 1
        // Positions on the device are bit indices in 32-bit ints.
        guard start <= b.count, (b.count - start) < Int(Int32.max) / 8, Int32(exactly: mcuCount) != nil,
              let base = b.baseAddress else { return nil }
        var intervals: [Int32] = []
        intervals.reserveCapacity(expected * JPEGEntropyScan.intervalInts)
        var outcome: [Int32]? = nil
        let bytes = [UInt8](unsafeUninitializedCapacity: b.count - start) { out, written in
            written = 0
            var run = start, at = start, first = 0
            func copyRun(to stop: Int) {
                let n = stop - run
                guard n > 0, let target = out.baseAddress else { return }
                (target + written).initialize(from: base.advanced(by: run).assumingMemoryBound(to: UInt8.self), count: n)
                written += n
            }
            while at + 1 < b.count {
                // memchr: this loop runs over every byte of the scan.
                guard let found = memchr(base + at, 0xFF, b.count - 1 - at) else { return }
                at = base.distance(to: UnsafeRawPointer(found))
                let code = b[at + 1]
                if code == 0x00 {
                    copyRun(to: at + 1)   // the 0xFF, not its stuffed zero
                    at += 2
                    run = at
                    continue
                }
                copyRun(to: at)
                let index = intervals.count / JPEGEntropyScan.intervalInts
                let firstMCU = index * max(restartInterval, 1)
                // An empty interval cannot hold its MCUs: libjpeg would warn.
                guard index < expected, written > first else { return }
                let mcus = restartInterval > 0 ? min(restartInterval, mcuCount - firstMCU) : mcuCount
                intervals += [Int32(first), Int32(written), Int32(firstMCU), Int32(mcus)]
                if code == 0xD9 {
                    if index == expected - 1 { outcome = intervals }
                    return
                }
                guard code == 0xD0 + UInt8(index & 7), index < expected - 1 else { return }
                at += 2
                run = at
                first = written
            }
        }
        return outcome.map { (bytes, $0) }
    }
}
