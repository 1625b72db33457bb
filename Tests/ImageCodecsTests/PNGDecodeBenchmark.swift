import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ImageCodecs

/// PNG decoding time per file, fast path against libpng, printed, never asserted (timings on
/// a shared machine are noise for a pass/fail test). Run on demand, in release, over a folder
/// of PNGs (default `/tmp/gpuglitch-corpus`, see the benchmark recipe in the shared folder):
///
///     GPUGLITCH_BENCHMARK=1 [GPUGLITCH_PNG_CORPUS=dir] swift test -c release --filter PNGDecodeBenchmark
///
/// Times are thread CPU time, the median of `runs` decodes of each file, the two decoders
/// alternating so both see the same machine load; compare Pillow's `Image.open(p).load()`
/// in the same minute.
@Suite("PNG decoding benchmark", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["GPUGLITCH_BENCHMARK"] != nil,
                "prints timings only; set GPUGLITCH_BENCHMARK=1 (release build) to run"))
struct PNGDecodeBenchmark {
    static let folder = ProcessInfo.processInfo.environment["GPUGLITCH_PNG_CORPUS"] ?? "/tmp/gpuglitch-corpus"

    @Test("decode time per PNG: fast path and libpng")
    func decodeTimes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { $0.lowercased().hasSuffix(".png") }.sorted()
        try #require(!names.isEmpty, "no PNGs in \(Self.folder)")
        let runs = 5
        var fast = [Double](), libpng = [Double](), megapixels = 0.0, takenFast = 0
        for name in names {
            let bytes = try ImageFileReader.readAll(path: Self.folder + "/" + name)
            var tFast = [Double](), tLibpng = [Double]()
            var fastImage: HostImage?, libpngImage: HostImage?
            for _ in 0..<runs {
                var start = Self.now()
                fastImage = try ImageDecoder.decode(data: bytes, source: name, options: DecodeOptions(), pngPath: .automatic).image
                tFast.append(Self.now() - start)
                start = Self.now()
                libpngImage = try ImageDecoder.decode(data: bytes, source: name, options: DecodeOptions(), pngPath: .libpng).image
                tLibpng.append(Self.now() - start)
            }
            #expect(fastImage == libpngImage, "\(name)")
            if bytes.withUnsafeBytes({ (try? PNGFastDecoder.decode($0)) != nil }) { takenFast += 1 }
            fast.append(Self.median(tFast))
            libpng.append(Self.median(tLibpng))
            megapixels += Double(fastImage!.width * fastImage!.height) / 1e6
        }
        print(String(format: "%d PNGs (%.1f MP, %d on the fast path), median per file: fast path %.2f ms, libpng %.2f ms; "
                     + "total: fast path %.0f ms (%.0f MP/s), libpng %.0f ms (%.0f MP/s)",
                     names.count, megapixels, takenFast, Self.median(fast) * 1e3, Self.median(libpng) * 1e3,
                     fast.reduce(0, +) * 1e3, megapixels / fast.reduce(0, +),
                     libpng.reduce(0, +) * 1e3, megapixels / libpng.reduce(0, +)))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
