import Foundation
import GPUOps
import SystemIO

/// Where a batch's time goes on one device: totals of each stage over every image, with the
/// transfers per image. Measured by running the real batch engine.
struct BatchStageReport: Encodable {
    var device: String
    var images: Int
    var failed: Int
    var wallSeconds: Double
    var imagesPerSecond: Double
    /// Summed over images (several images run at once, so these add up to more than the wall time).
    var readSeconds: Double
    var decodeSeconds: Double
    var deviceSeconds: Double
    var encodeSeconds: Double
    var writeSeconds: Double
    var uploadsPerImage: Double
    var downloadsPerImage: Double

    /// Runs the thumbnail job over the images `process` would find in `folder` (every format
    /// it reads, the same folder scan), writing JPEGs into a temporary folder removed after.
    static func measure(folder: String, backend: any ComputeBackend, decode: DecodeMode = .auto) throws -> BatchStageReport {
        let sources = InputDiscovery().discover([folder]).compactMap { input -> ImageSource? in
            if case .image(let source, _, _) = input.content { return source }
            return nil
        }
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpuglitch-bench-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let items = sources.enumerated().map { index, source in
            BatchItem(source: source, output: output + "/\(index).jpg", format: .jpeg)
        }
        var settings = ThumbnailSettings()
        settings.glitch = nil
        settings.decode = decode
        let runner = BatchRunner(backend: backend, settings: settings,
                                 workers: ProcessInfo.processInfo.activeProcessorCount)
        let summary = runner.run(items) { _ in }
        let ok = summary.results.filter { $0.status == .ok }
        func total(_ key: KeyPath<StageTimings, Double>) -> Double { ok.reduce(0) { $0 + $1.timings[keyPath: key] } }
        let n = max(1, summary.results.count)
        return BatchStageReport(
            device: backend.name, images: summary.results.count, failed: summary.failed,
            wallSeconds: summary.seconds, imagesPerSecond: Double(ok.count) / max(summary.seconds, 1e-9),
            readSeconds: total(\.read), decodeSeconds: total(\.decode), deviceSeconds: total(\.process),
            encodeSeconds: total(\.encode), writeSeconds: total(\.write),
            uploadsPerImage: Double(summary.uploads) / Double(n), downloadsPerImage: Double(summary.downloads) / Double(n))
    }
}

/// Plain-text tables for `gpuglitch bench`.
enum BenchTable {
    static func operations(_ rows: [OperationBenchmark.Measurement]) -> String {
        let widths = [32, 38, 11, 11, 9, 7]
        var text = pad(["operation", "device", "input", "output", "ms/run", "MP/s"], widths) + "\n"
        for r in rows {
            text += pad([r.operation, r.backend, r.inputSize, r.outputSize,
                         String(format: "%.2f", r.secondsPerRun * 1000), String(format: "%.0f", r.megapixelsPerSecond)], widths) + "\n"
        }
        return text
    }

    static func batches(_ rows: [BatchStageReport]) -> String {
        let widths = [38, 8, 8, 8, 10, 10, 10, 9, 8, 9]
        var text = pad(["batch on", "images", "img/s", "read s", "decode s", "device s", "encode s", "write s",
                        "up/img", "down/img"], widths) + "\n"
        for r in rows {
            text += pad([r.device, "\(r.images)", String(format: "%.1f", r.imagesPerSecond),
                         String(format: "%.2f", r.readSeconds), String(format: "%.2f", r.decodeSeconds),
                         String(format: "%.2f", r.deviceSeconds), String(format: "%.2f", r.encodeSeconds),
                         String(format: "%.2f", r.writeSeconds),
                         String(format: "%.2f", r.uploadsPerImage), String(format: "%.2f", r.downloadsPerImage)], widths) + "\n"
        }
        return text + "(stage seconds are summed over images running in parallel; device = resample, glitch and download)\n"
    }

    /// Left-aligned cells, each at least its column's width and always one space apart.
    private static func pad(_ cells: [String], _ widths: [Int]) -> String {
        zip(cells, widths).map { cell, width in
            cell.count >= width ? cell + " " : cell.padding(toLength: width, withPad: " ", startingAt: 0)
        }.joined()
    }
}
