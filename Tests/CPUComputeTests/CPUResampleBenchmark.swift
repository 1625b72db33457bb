import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CPUCompute
import ComputeCore
import ImageCodecs
import ImageEffects
import ImageMaths
import TestSupport

/// Throughput of the CPU passes, printed, never asserted (timings on a shared machine are
/// noise for a pass/fail test). Run on demand, in release:
///
///     GPUGLITCH_BENCHMARK=1 swift test -c release --filter CPUResampleBenchmark
@Suite("CPU resampling benchmark", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["GPUGLITCH_BENCHMARK"] != nil,
                "prints timings only; set GPUGLITCH_BENCHMARK=1 (release build) to run"))
struct CPUResampleBenchmark {
    @Test("thumbnail jobs: cover to 512 and crop, lanczos")
    func thumbnails() throws {
        for (w, h) in [(2048, 1536), (1024, 768), (4000, 3000), (4096, 3072)] {
            let input = TestImages.noise(width: w, height: h, seed: 1)
            let plan = ThumbnailGeometry(width: w, height: h, size: 512, fit: .cover)
                .resamplePlan(inputWidth: w, inputHeight: h, filter: .lanczos)
            for threads in [1, 2] {
                let backend = CPUBackend(threads: threads)
                let seconds = Self.best(threadTime: threads == 1) { _ = try? backend.resample(.host(input), plan: plan) }
                let mp = Double(w * h) / 1e6
                print(String(format: "resample %dx%d -> %dx%d crop 512, lanczos, %d thread(s): %.2f ms %@, %.0f MP/s (input)",
                             w, h, plan.outputWidth, plan.outputHeight, threads, seconds * 1e3,
                             threads == 1 ? "CPU" : "wall", mp / seconds))
            }
        }
    }

    @Test("passes alone, one thread")
    func passes() throws {
        let input = TestImages.noise(width: 2048, height: 1536, seed: 2)
        let backend = CPUBackend(threads: 1)
        for filter in ResampleFilter.allCases {
            let plan = ResamplePlan(inputWidth: 2048, inputHeight: 1536, outputWidth: 683, outputHeight: 512,
                                    window: PixelRect(x: 85, y: 0, width: 512, height: 512), filter: filter)
            let h = try #require(plan.horizontal), v = try #require(plan.vertical)
            let intermediate = try backend.resampleHorizontal(.host(input), weights: h, rows: plan.sourceRows)
            let tH = Self.best { _ = try? backend.resampleHorizontal(.host(input), weights: h, rows: plan.sourceRows) }
            let tV = Self.best { _ = try? backend.resampleVertical(intermediate, weights: v) }
            print(String(format: "%@ 2048x1536 -> 512x512 window: horizontal %.2f ms (%d taps), vertical %.2f ms (%d taps)",
                         filter.rawValue, tH * 1e3, h.taps, tV * 1e3, v.taps))
        }
        let square = TestImages.noise(width: 512, height: 512, seed: 3)
        let glitch = GlitchKernel(parameters: GlitchParameters(seed: 7))
        let tG = Self.best { _ = try? backend.run(glitch, on: .host(square)) }
        let alpha = TestImages.noise(width: 512, height: 512, seed: 4, alpha: true)
        let tP = Self.best { _ = try? backend.premultiply(.host(alpha)) }
        let tU = Self.best { _ = try? backend.unpremultiply(.host(alpha)) }
        print(String(format: "512x512: glitch %.2f ms, premultiply %.2f ms, unpremultiply %.2f ms",
                     tG * 1e3, tP * 1e3, tU * 1e3))
    }

    /// Best time of several runs, after one warm-up: CPU time of this thread for
    /// single-threaded work (steadier on a busy shared machine), wall time otherwise. The
    /// minimum, because on a shared machine every disturbance only adds time.
    static func best(runs: Int = 15, threadTime: Bool = true, _ body: () -> Void) -> Double {
        body()
        var times = [Double]()
        for _ in 0..<runs {
            let start = now(threadTime)
            body()
            times.append(now(threadTime) - start)
        }
        return times.min()!
    }

    static func now(_ threadTime: Bool) -> Double {
        var t = timespec()
        clock_gettime(threadTime ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
