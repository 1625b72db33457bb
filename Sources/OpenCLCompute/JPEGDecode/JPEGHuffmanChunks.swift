import ImageCodecs

/// How jpeg_huffman.cl cuts a scan's restart intervals into chunks, one work-item each, and how
/// many rounds of `jpeg_huffman_sync` it runs to find where each chunk's blocks start
/// (docs/SPEC.md §9.1).
///
/// Rounds: after round r the first r + 1 chunks of every interval end where the true decode
/// does. A chunk started from a wrong bit mostly falls into step with the true blocks before
/// its end, and every chunk after a correct one is correct a round later. `jpeg_huffman_prefix`
/// then decodes again, serially, each chunk whose last round did not start at its true start:
/// few after a handful of rounds for photos, more for data that falls into step slowly (noise
/// at high quality). A round after the chunks have settled only copies each chunk's record. An
/// interval of one chunk needs no round: it starts at the interval's start.
struct JPEGHuffmanChunks: Equatable {
    /// `Int32`s a chunk takes in `chunks` (jpeg_huffman.cl's `JPEG_HUFF_CHUNK_INTS`).
    static let chunkInts = 4
    /// `Int32`s an interval takes in `intervals` (`JPEG_HUFF_INTERVAL_INTS`).
    static let intervalInts = 6
    /// `Int32`s of a chunk's result in one round (`JPEG_HUFF_RECORD_INTS`).
    static let recordInts = 9
    /// `Int32`s of a chunk's proven start (`JPEG_HUFF_START_INTS`).
    static let startInts = 6

    /// Bytes of data a chunk starts its blocks in. Large enough that most chunks started at a
    /// wrong bit fall into step with the true blocks before their end and that no block (at most
    /// 1,691 bits) spans a whole chunk; small enough that a photo's scan gives thousands of
    /// work-items and one work-item's loops stay far below llvmpipe's limit.
    static let defaultChunkBytes = 512
    /// Rounds launched (fewer where an interval has fewer chunks): enough that a photo leaves
    /// next to no chunk to decode again serially (docs/BENCHMARKS.md).
    static let maxRounds = 6

    /// Per chunk: first bit, end bit, interval, index in the interval.
    let chunks: [Int32]
    /// Per interval: first bit, end bit, first MCU, MCU count, first chunk, chunk count.
    let intervals: [Int32]
    /// Rounds of `jpeg_huffman_sync`: one fewer than the most chunks an interval has (after
    /// that many every chunk is exact), at most `maxRounds`.
    let rounds: Int

    var count: Int { chunks.count / Self.chunkInts }
    var intervalCount: Int { intervals.count / Self.intervalInts }

    /// `chunkBytes` and `maxRounds` other than the defaults are for tests, which cut small
    /// files into many chunks.
    init(_ entropy: JPEGEntropyScan, chunkBytes: Int = Self.defaultChunkBytes, maxRounds: Int = Self.maxRounds) {
        let size = max(chunkBytes, 1)
        var chunks: [Int32] = [], intervals: [Int32] = []
        var most = 1
        for interval in 0..<entropy.intervalCount {
            let at = interval * JPEGEntropyScan.intervalInts
            let first = Int(entropy.intervals[at]), end = Int(entropy.intervals[at + 1])
            let n = max((end - first + size - 1) / size, 1)
            intervals += [Int32(first * 8), Int32(end * 8), entropy.intervals[at + 2], entropy.intervals[at + 3],
                          Int32(chunks.count / Self.chunkInts), Int32(n)]
            for j in 0..<n {
                let start = first + j * size
                chunks += [Int32(start * 8), Int32(min(start + size, end) * 8), Int32(interval), Int32(j)]
            }
            most = max(most, n)
        }
        self.chunks = chunks
        self.intervals = intervals
        rounds = min(most - 1, max(maxRounds, 1))
    }
}
