import CResampleSIMD
import Foundation

/// Which implementation runs the vector loops of the CPU resampling passes.
///
/// All give the same bytes (exact integer arithmetic, docs/SPEC.md §2); the choice is speed only.
/// The AVX2 and AVX-512 kernels are C functions compiled for those instruction sets alone
/// (CResampleSIMD), so the binary still runs on any x86-64 CPU; where a set is missing, the
/// next one down runs.
enum ResampleKernelSet: Sendable, Equatable, Comparable, CaseIterable, CustomStringConvertible {
    /// The Swift kernels (SSE2 `pmaddwd` on x86-64, LLVM's lowering elsewhere).
    case portable
    /// CResampleSIMD's AVX2 kernels, twice the portable vector width.
    case avx2
    /// CResampleSIMD's AVX-512 kernels (F, BW, VL, VNNI): twice the AVX2 width, with the
    /// multiply and the add of each step in one `vpdpwssd`. Taken only on CPUs that keep their
    /// clock under 512-bit work (see `gg_cpu_has_avx512`).
    case avx512

    /// Whether this CPU runs the set (the portable kernels run everywhere). Asked once.
    var isAvailable: Bool {
        switch self {
        case .portable: true
        case .avx2: Self.avx2Available
        case .avx512: Self.avx512Available
        }
    }

    /// The sets written in C, which a CPU may lack: the ones the tests compare with `portable`.
    static let native: [ResampleKernelSet] = [.avx2, .avx512]

    private static let avx2Available: Bool = gg_cpu_has_avx2() != 0
    private static let avx512Available: Bool = gg_cpu_has_avx512() != 0

    /// The name `GPUGLITCH_CPU_KERNELS` takes.
    var description: String {
        switch self {
        case .portable: "portable"
        case .avx2: "avx2"
        case .avx512: "avx512"
        }
    }

    /// What `CPUBackend` uses: the widest set this CPU runs, capped by the environment
    /// variable `GPUGLITCH_CPU_KERNELS` (`portable`, `avx2` or `avx512`; read once, at first
    /// use) to compare the sets or to rule one out. An unknown name caps nothing.
    static let preferred: ResampleKernelSet = {
        let cap = ProcessInfo.processInfo.environment["GPUGLITCH_CPU_KERNELS"].flatMap { name in
            allCases.first { $0.description == name }
        }
        return best(cappedAt: cap ?? .avx512)
    }()

    /// The widest available set not above `cap`.
    static func best(cappedAt cap: ResampleKernelSet) -> ResampleKernelSet {
        allCases.last { $0 <= cap && $0.isAvailable } ?? .portable
    }
}
