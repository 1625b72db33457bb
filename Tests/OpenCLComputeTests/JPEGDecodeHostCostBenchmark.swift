@testable import OpenCLCompute
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The host's share of the thumbnail job's decode (issue 35, item 5a), printed, never asserted:
/// per corpus JPEG, the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID, so an OpenCL
/// implementation's own threads are not counted) for
/// - host decode: libjpeg-turbo's whole decode at the thumbnail's scale, plus the copy of the
///   RGBA image into upload staging that a GPU upload makes;
/// - device decode, stage 1: the coefficient read (`decodeForDevice` with `.coefficients`:
///   header, and a progressive file's entropy decode) plus the writing of the upload
///   (`JPEGDecodeLayout.writeUpload`: a sequential file's entropy decode straight into it);
/// - device decode, stage 2 (baseline files): the header read and the one pass over the scan
///   that takes out stuffed bytes and restart markers (`decodeForDevice` with `.entropy`),
///   plus the copy of that data into upload staging;
/// - the 512 JPEG encode of the thumbnail, which both paths then pay alike;
/// and, for the first 10 stage 2 files, the wall time of the Huffman pass alone on the test
/// device (jpeg_huffman.cl: the scan cut into 512-byte chunks, the rounds, the walk and the
/// writes). Each path's upload staging is
/// one buffer reused from image to image (grown when an image needs more), as the backend's
/// pool of pinned staging keeps its buffers: fresh memory's page faults are not the decode's.
///
///     GPUGLITCH_BENCHMARK=1 [GPUGLITCH_CORPUS=dir] swift test --filter JPEGDecodeHostCostBenchmark
@Suite("JPEG decode: host CPU per image", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["GPUGLITCH_BENCHMARK"] != nil,
                "prints timings only; set GPUGLITCH_BENCHMARK=1 to run"))
struct JPEGDecodeHostCostBenchmark {
    static let folder = ProcessInfo.processInfo.environment["GPUGLITCH_CORPUS"] ?? "/tmp/gpuglitch-corpus"

    @Test("host decode against coefficient read, thread CPU per image")
    func hostCost() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { $0.lowercased().hasSuffix(".jpg") }.sorted()
        try #require(!names.isEmpty, "no JPEGs in \(Self.folder)")
        var options = DecodeOptions()
        options.minimumSize = { @Sendable w, h in
            let side = 512 * max(w, h) / max(1, min(w, h))
            return w < h ? PixelSize(width: 512, height: side) : PixelSize(width: side, height: 512)
        }
        var host = 0.0, device = 0.0, staged = 0.0, encode = 0.0, coefficientBytes = 0, rgbaBytes = 0, onDevice = 0
        var rgbaStaging = StagingBuffer(), coefficientStaging = StagingBuffer(), scanStaging = StagingBuffer()
        var stage2 = 0.0, stage2Staged = 0.0, scanBytes = 0, onStage2 = 0
        let opencl = try OpenCLTestDevice.backend()
        var huffmanWall = 0.0, huffmanRuns = 0, intervals = 0, chunks = 0
        for name in names {
            let bytes = try ImageFileReader.readAll(path: Self.folder + "/" + name)
            var start = Self.now()
            let decoded = try ImageDecoder.decode(data: bytes, source: name, options: options)
            decoded.image.pixels.withUnsafeBytes { source in
                rgbaStaging.fill(source.count) { $0.copyMemory(from: source) }
            }
            host += Self.now() - start
            rgbaBytes += decoded.image.pixels.count
            start = Self.now()
            let input = try ImageDecoder.decodeForDevice(data: bytes, source: name, options: options,
                                                         stage: .coefficients)
            let read = Self.now()
            device += read - start
            if case .jpegCoefficients(let jpeg) = input {
                let layout = try #require(JPEGDecodeLayout(jpeg.coefficients))
                var written = false
                coefficientStaging.fill(layout.uploadBytes) { written = layout.writeUpload(of: jpeg.coefficients, into: $0) }
                #expect(written, "\(name)")
                coefficientBytes += layout.uploadBytes
                onDevice += 1
            }
            staged += Self.now() - read
            start = Self.now()
            let headers = try ImageDecoder.decodeForDevice(data: bytes, source: name, options: options,
                                                           stage: .entropy)
            let parsed = Self.now()
            stage2 += parsed - start
            if case .jpegCoefficients(let jpeg) = headers, let scan = jpeg.coefficients.entropyScan {
                scan.bytes.withUnsafeBytes { source in scanStaging.fill(source.count) { $0.copyMemory(from: source) } }
                stage2Staged += Self.now() - parsed
                scanBytes += scan.bytes.count
                onStage2 += 1
                intervals += scan.intervalCount
                chunks += JPEGHuffmanChunks(scan).count
                if huffmanRuns < 10 {
                    let clock = ContinuousClock.now
                    _ = try opencl.entropyDecodeJPEG(jpeg.coefficients)
                    let elapsed = ContinuousClock.now - clock
                    huffmanWall += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                    huffmanRuns += 1
                }
            }
            let thumbnail = try HostImage(width: 512, height: 512)
            start = Self.now()
            _ = try ImageEncoder.encode(thumbnail, as: .jpeg)
            encode += Self.now() - start
        }
        let n = Double(names.count)
        print(String(format: "%d JPEGs (%d through the coefficient read): host decode + RGBA staging %.1f ms, "
                     + "coefficient read %.1f ms + coefficient staging %.1f ms = stage 1 %.1f ms (%.2f of the host decode), "
                     + "512 encode %.1f ms per image; uploads %.1f MB RGBA against %.1f MB coefficients per image",
                     names.count, onDevice, host / n * 1e3, device / n * 1e3, staged / n * 1e3,
                     (device + staged) / n * 1e3, (device + staged) / host, encode / n * 1e3,
                     Double(rgbaBytes) / n / 1e6, Double(coefficientBytes) / n / 1e6))
        print(String(format: "stage 2: %d of %d JPEGs; header read and destuffing pass %.2f ms + scan staging %.2f ms per image; "
                     + "uploads %.2f MB of scan per image", onStage2, names.count, stage2 / n * 1e3,
                     stage2Staged / n * 1e3, Double(scanBytes) / n / 1e6))
        print(String(format: "stage 2 Huffman decode on %@: %.1f ms wall per image (first %d), %.1f restart intervals "
                     + "and %.0f chunks per image", opencl.name, huffmanWall / Double(max(huffmanRuns, 1)) * 1e3, huffmanRuns,
                     Double(intervals) / Double(max(onStage2, 1)), Double(chunks) / Double(max(onStage2, 1))))
    }

    /// Upload staging kept from image to image, as `OpenCLBufferPool` keeps pinned staging.
    struct StagingBuffer {
        private var bytes: [UInt8] = []

        /// Hands `fill` the first `count` bytes, growing the buffer (by half again) when short.
        mutating func fill(_ count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Void) {
            if bytes.count < count { bytes = [UInt8](repeating: 0, count: count + count / 2) }
            bytes.withUnsafeMutableBytes { fill(UnsafeMutableRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
