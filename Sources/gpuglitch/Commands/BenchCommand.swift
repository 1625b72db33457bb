import ArgumentParser
import ComputeDevices
import Foundation
import GPUOps
import SystemIO

/// `gpuglitch bench`: throughput of each operation on each device, and optionally the time
/// split of a real batch (decode / device / encode) with its transfers per image.
///
/// Speed is measured here and in `scripts/bench-anchors.sh`, never asserted in tests.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure per-operation throughput on each device, and the stages of a batch.")

    @Option(help: ArgumentHelp("Device to measure (default: cpu and every OpenCL device).", valueName: "device"))
    var device: [String] = []

    @Option(help: ArgumentHelp("Image to measure on (default: a synthetic 4000x3000 photo-like image).",
                               valueName: "file"))
    var image: String?

    @Option(help: "Runs per measurement, back to back.")
    var iterations: Int = 8

    @Option(help: "Measurements per case; the median is reported.")
    var repetitions: Int = 5

    @Option(help: ArgumentHelp("Also run a whole batch over this folder's images (JPEG q90 into a temporary folder) and show where the time goes.",
                               valueName: "folder"))
    var corpus: String?

    @Option(help: ArgumentHelp("Where the --corpus batch decodes JPEGs (see process --decode).",
                               valueName: "auto|host|device"))
    var decode: DecodeArgument = .auto

    @Flag(help: "Print JSON instead of tables.")
    var json = false

    mutating func validate() throws {
        guard iterations >= 1, repetitions >= 1 else { throw ValidationError("--iterations and --repetitions must be ≥ 1") }
        for d in device {
            do { _ = try DeviceRequest(parsing: d) } catch { throw ValidationError("--device: \(error)") }
        }
    }

    func run() throws {
        let backends = try selectBackends()
        let source = try sourceImage()
        let benchmark = OperationBenchmark(iterations: iterations, repetitions: repetitions)
        var measurements: [OperationBenchmark.Measurement] = []
        var batches: [BatchStageReport] = []
        for backend in backends {
            if !json { Console.error("bench: \(backend.name)…\n") }
            measurements += try benchmark.run(on: backend, source: source)
            if let corpus {
                batches.append(try BatchStageReport.measure(folder: corpus, backend: backend, decode: decode.mode))
            }
        }
        if json {
            struct Output: Encodable {
                var operations: [OperationBenchmark.Measurement]
                var batches: [BatchStageReport]
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            Console.output(String(decoding: try encoder.encode(Output(operations: measurements, batches: batches)),
                                  as: UTF8.self) + "\n")
            return
        }
        Console.output(BenchTable.operations(measurements))
        if !batches.isEmpty { Console.output("\n" + BenchTable.batches(batches)) }
    }

    /// The devices named, or the CPU plus every OpenCL device.
    private func selectBackends() throws -> [any ComputeBackend] {
        let requests: [DeviceRequest]
        if device.isEmpty {
            let count = OpenCLInventory.probe().devices.count
            requests = [.cpu] + (0..<count).map { .openclIndex($0) }
        } else {
            requests = try device.map { try DeviceRequest(parsing: $0) }
        }
        return try requests.map { request in
            do {
                return try DeviceSelector.select(request).backend
            } catch {
                Console.error("gpuglitch: \(error)\n")
                throw ExitStatus.deviceUnavailable
            }
        }
    }

    private func sourceImage() throws -> HostImage {
        if let image {
            do {
                return try ImageDecoder.decode(contentsOf: image).image
            } catch {
                Console.error("gpuglitch: \(error)\n")
                throw ExitCode(1)
            }
        }
        return SyntheticPhoto.make(width: 4000, height: 3000)
    }
}

/// A deterministic photo-like test image: smooth gradients with fine texture, so filters and
/// encoders see realistic data without shipping a large file. Opaque, and marked so, as a
/// decoded JPEG is: otherwise every resample of it would first scan its 48 MB for transparency,
/// which a real batch never does, and the figures would carry that scan.
enum SyntheticPhoto {
    static func make(width: Int, height: Int) -> HostImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt32 = 0x9E37_79B9
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                let i = (y * width + x) * 4
                let texture = Int(state & 31) - 16
                pixels[i] = UInt8(clamping: x * 255 / width + texture)
                pixels[i + 1] = UInt8(clamping: y * 255 / height + texture)
                pixels[i + 2] = UInt8(clamping: (x + y) * 255 / (width + height) - texture)
            }
        }
        var image = HostImage(width: width, height: height, computedPixels: pixels)
        image.markOpaqueByConstruction()
        return image
    }
}
