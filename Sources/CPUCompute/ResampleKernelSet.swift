import CResampleSIMD
import Foundation

/// Which implementation runs the vector loops of the CPU resampling passes.
///
/// Both give the same bytes (exact integer arithmetic, docs/SPEC.md §2); the choice is speed only.
/// The AVX2 kernels are C functions compiled for AVX2 alone (CResampleSIMD), so the binary
/// still runs on x86-64 CPUs without it, where the portable kernels are the path taken.
enum ResampleKernelSet: Sendable, Equatable {
    /// The Swift kernels (SSE2 `pmaddwd` on x86-64, LLVM's lowering elsewhere).
    case portable
    /// CResampleSIMD's AVX2 kernels, twice the vector width. Where the CPU lacks AVX2, or for
    /// a case they do not take (see `AVX2Resampler`), the portable kernels run instead.
    case avx2

    /// Whether this CPU runs AVX2 (always false off x86-64). Asked once.
    static let avx2Available: Bool = gg_cpu_has_avx2() != 0

    /// What `CPUBackend` uses: AVX2 where available, unless the environment variable
    /// `GPUGLITCH_NO_AVX2` is set to anything but empty or `0` (read once, at first use), which
    /// forces the portable kernels, to compare the two or to rule one out.
    static let preferred: ResampleKernelSet = {
        let disabled = ProcessInfo.processInfo.environment["GPUGLITCH_NO_AVX2"].map { !$0.isEmpty && $0 != "0" } ?? false
        return avx2Available && !disabled ? .avx2 : .portable
    }()
}
