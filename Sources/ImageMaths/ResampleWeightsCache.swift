import Synchronization

/// The weights of the passes planned most recently, kept so that a batch of photographs of
/// one size (one camera, one phone) computes each pass's weights once instead of once per
/// photograph.
///
/// Weights are a pure function of `(inSize, outSize, filter, outputs)`, so a cached value is
/// the value `ResampleWeights.compute` would return, bit for bit. Computing them calls the
/// filter (Lanczos: two `sin`) for every tap of every output; the srcset job on 11-megapixel
/// photographs spent about 4 % of its time there. The cache holds a few passes (a batch asks
/// for two per size entry) within a byte budget, forgets the least recently used, and never
/// keeps the weights of a huge reduction (a window of thousands of taps), which no batch asks
/// for twice. `ResampleWeights` share their arrays when copied, so a hit copies nothing.
final class ResampleWeightsCache: Sendable {
    /// What identifies a pass's weights.
    struct Key: Hashable {
        let inSize: Int
        let outSize: Int
        let filter: ResampleFilter
        let first: Int
        let end: Int
    }

    /// The cached passes, least recently used first.
    private let entries: Mutex<[(key: Key, weights: ResampleWeights)]>
    /// Passes kept.
    let capacity: Int
    /// The most bytes of coefficients and bounds kept, all passes together; a pass larger
    /// than a quarter of it is not kept.
    let byteBudget: Int

    /// A cache of `capacity` passes (at least 1) and `byteBudget` bytes.
    init(capacity: Int, byteBudget: Int) {
        self.capacity = max(1, capacity)
        self.byteBudget = byteBudget
        entries = Mutex([])
    }

    /// The one every plan uses: room for the two passes of eight size entries, 2 MiB (a
    /// 12-megapixel photograph's passes to 1024 pixels take about 0.1 MiB each).
    static let shared = ResampleWeightsCache(capacity: 16, byteBudget: 2 << 20)

    /// The memory a pass's weights hold.
    static func bytes(of weights: ResampleWeights) -> Int {
        4 * (weights.coefficients.count + weights.bounds.count)
    }

    /// The memory the passes of `entries` hold together.
    private static func bytes(of entries: [(key: Key, weights: ResampleWeights)]) -> Int {
        entries.reduce(0) { $0 + bytes(of: $1.weights) }
    }

    /// `ResampleWeights.compute(inSize:outSize:filter:outputs:)`, from the cache when this pass
    /// was asked for recently. Computed outside the lock, so threads planning different passes
    /// do not wait for one another.
    func weights(inSize: Int, outSize: Int, filter: ResampleFilter, outputs: Range<Int>) -> ResampleWeights {
        let key = Key(inSize: inSize, outSize: outSize, filter: filter, first: outputs.lowerBound, end: outputs.upperBound)
        let cached = entries.withLock { entries -> ResampleWeights? in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.weights
        }
        if let cached { return cached }
        let weights = ResampleWeights.compute(inSize: inSize, outSize: outSize, filter: filter, outputs: outputs)
        let size = Self.bytes(of: weights)
        guard size <= byteBudget / 4 else { return weights }
        entries.withLock { entries in
            guard !entries.contains(where: { $0.key == key }) else { return }
            var held = Self.bytes(of: entries)
            while !entries.isEmpty, entries.count >= capacity || held + size > byteBudget {
                held -= Self.bytes(of: entries.removeFirst().weights)
            }
            entries.append((key, weights))
        }
        return weights
    }

    /// How many passes are held now (for tests).
    var count: Int { entries.withLock { $0.count } }
    /// The passes held now, least recently used first (for tests).
    var keys: [Key] { entries.withLock { $0.map(\.key) } }
    /// The bytes held now (for tests).
    var heldBytes: Int { entries.withLock { Self.bytes(of: $0) } }
}
