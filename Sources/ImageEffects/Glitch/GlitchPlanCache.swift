import ImageMaths
import Synchronization

/// The glitch plans made most recently, with their kernel arguments, kept so that a batch whose
/// images reach the glitch at one size (every thumbnail of a `--size N` batch) plans once
/// instead of once per image. A plan is a pure function of the parameters and the size, so a
/// cached one is the one `GlitchPlan(parameters:width:height:)` would make, value for value.
/// Few entries, a byte budget, the least recently used forgotten first, and no plan of a
/// very tall image kept (as `ResampleWeightsCache` does for resampling weights).
final class GlitchPlanCache: Sendable {
    /// A plan and the kernel's arguments made from it.
    struct Entry: Sendable {
        let plan: GlitchPlan
        let arguments: GlitchKernelArguments
    }

    private struct Key: Equatable {
        let parameters: GlitchParameters
        let width: Int
        let height: Int
    }

    /// The cached plans, least recently used first.
    private let entries = Mutex<[(key: Key, entry: Entry)]>([])
    /// Plans kept.
    let capacity: Int
    /// The most bytes of per-row values kept, all plans together; a plan larger than a quarter
    /// of it is not kept.
    let byteBudget: Int

    init(capacity: Int, byteBudget: Int) {
        self.capacity = max(1, capacity)
        self.byteBudget = byteBudget
    }

    /// The one every `GlitchKernel` uses: room for the sizes of a few size entries.
    static let shared = GlitchPlanCache(capacity: 8, byteBudget: 1 << 20)

    /// Per-row values a plan of `height` rows holds: the offsets twice, and two per row of
    /// the arguments.
    static func bytes(height: Int) -> Int { 16 * height + 256 }

    /// The plan for `parameters` at `width × height` and its arguments, from the cache when
    /// asked for recently. Made outside the lock, so threads planning different sizes do not
    /// wait for one another. Throws what `GlitchPlan`'s initialiser throws.
    func entry(parameters: GlitchParameters, width: Int, height: Int) throws(GlitchPlanError) -> Entry {
        let key = Key(parameters: parameters, width: width, height: height)
        let cached = entries.withLock { entries -> Entry? in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let found = entries.remove(at: index)
            entries.append(found)
            return found.entry
        }
        if let cached { return cached }
        let plan = try GlitchPlan(parameters: parameters, width: width, height: height)
        let made = Entry(plan: plan, arguments: GlitchKernelArguments(plan: plan))
        let size = Self.bytes(height: height)
        guard size <= byteBudget / 4 else { return made }
        entries.withLock { entries in
            guard !entries.contains(where: { $0.key == key }) else { return }
            var held = entries.reduce(0) { $0 + Self.bytes(height: $1.key.height) }
            while !entries.isEmpty, entries.count >= capacity || held + size > byteBudget {
                held -= Self.bytes(height: entries.removeFirst().key.height)
            }
            entries.append((key, made))
        }
        return made
    }

    /// How many plans are held now (for tests).
    var count: Int { entries.withLock { $0.count } }
}
