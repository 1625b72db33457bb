import ImageMaths
import Synchronization

/// The glitch plans made recently, with their kernel arguments, kept so that a batch whose
/// images reach the glitch at one size (every thumbnail of a `--size N` batch, or the few
/// sizes of `--size A,B,C`) plans each size once instead of once per image. A plan is a pure
/// function of the parameters and the size, so a cached one is the one
/// `GlitchPlan(parameters:width:height:)` would make, value for value.
///
/// A batch asks for few sizes, so the policy is the simplest: when `capacity` plans are held
/// the next one starts the cache afresh. Plans of images taller than `tallestKept` rows are
/// made, not kept, which bounds what the cache holds (16 bytes a row).
final class GlitchPlanCache: Sendable {
    /// A plan and the kernel's arguments made from it.
    struct Entry: Sendable {
        let plan: GlitchPlan
        let arguments: GlitchKernelArguments
    }

    /// The size and parameters of a plan; hashed by the size and seed, which tell a batch's
    /// plans apart (`GlitchParameters` itself is not `Hashable`).
    private struct Key: Hashable {
        let parameters: GlitchParameters
        let width: Int
        let height: Int

        func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(parameters.seed)
        }
    }

    private let entries = Mutex<[Key: Entry]>([:])
    /// Plans held at the most.
    let capacity: Int
    /// The tallest image whose plan is kept.
    let tallestKept: Int

    init(capacity: Int, tallestKept: Int) {
        self.capacity = max(1, capacity)
        self.tallestKept = tallestKept
    }

    /// The one every `GlitchKernel` uses: at most 8 plans of up to 4096 rows, 512 KiB.
    static let shared = GlitchPlanCache(capacity: 8, tallestKept: 4096)

    /// The plan for `parameters` at `width × height` and its arguments, from the cache when
    /// held. Made outside the lock, so threads planning different sizes do not wait for one
    /// another. Throws what `GlitchPlan`'s initialiser throws.
    func entry(parameters: GlitchParameters, width: Int, height: Int) throws(GlitchPlanError) -> Entry {
        let key = Key(parameters: parameters, width: width, height: height)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let plan = try GlitchPlan(parameters: parameters, width: width, height: height)
        let made = Entry(plan: plan, arguments: GlitchKernelArguments(plan: plan))
        guard height <= tallestKept else { return made }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
        }
        return made
    }

    /// How many plans are held now (for tests).
    var count: Int { entries.withLock { $0.count } }
}
