import ComputeCore
import Foundation
import ImageCodecs
import ImageEffects
import ImageMaths

/// Throughput of each primitive operation on one backend, for `gpuglitch bench`.
///
/// Each case runs `iterations` times back to back on an image already resident on the
/// backend (so uploads are not counted), and the last result is downloaded so the device
/// queue has drained before the clock stops; the one download is amortised over the runs.
package struct OperationBenchmark: Sendable {
    package struct Measurement: Sendable, Codable {
        package var operation: String
        package var backend: String
        package var inputSize: String
        package var outputSize: String
        /// Median seconds per run over the repetitions.
        package var secondsPerRun: Double
        /// Input megapixels processed per second.
        package var megapixelsPerSecond: Double
    }

    package var iterations: Int
    package var repetitions: Int

    package init(iterations: Int = 10, repetitions: Int = 5) {
        self.iterations = max(1, iterations)
        self.repetitions = max(1, repetitions)
    }

    /// The sizes of the `srcset` case: one resident image resized to each (contain, Lanczos),
    /// as `--size 1024,512,256 --fit contain` does after its one decode.
    package static let srcsetSizes = [1024, 512, 256]

    /// Runs the standard cases: a cover thumbnail (resize + crop fused) from a 12 MP and a
    /// 3 MP image for every filter, the several sizes of a srcset from the 12 MP image, the
    /// glitch, each effect (default parameters), a crop, and an upload/download round trip.
    package func run(on backend: any ComputeBackend, source: HostImage) throws -> [Measurement] {
        var results = [Measurement]()
        let resident = try backend.makeResident(.host(source))
        var small = try backend.resample(resident, plan: ResamplePlan(
            inputWidth: source.width, inputHeight: source.height,
            outputWidth: max(1, source.width / 2), outputHeight: max(1, source.height / 2), filter: .box))
        // The 3 MP image stands in for a photo decoded at half size: on the host, opaque by
        // construction when the source is, as decoders mark theirs (else every case would
        // rescan it). Device images carry their opacity from the upload already.
        if case .host(var half) = small, source.isOpaqueByConstruction {
            half.markOpaqueByConstruction()
            small = .host(half)
        }
        // Every case runs the steps `ThumbnailPipeline` runs for `gpuglitch process`.
        for (label, pixels) in [("full", resident), ("half", small)] {
            let input = ImageContainer(pixels: pixels)
            for filter in ResampleFilter.allCases {
                let scale = ScaleStep(target: .cover(side: 512, gravity: .centre), filter: filter)
                results.append(try measure("thumbnail 512 \(filter) (\(label))", backend, input, outputSize: "512x512") {
                    try scale.apply(to: input, on: backend)
                })
            }
        }
        let full = ImageContainer(pixels: resident)
        var srcsetSettings = ThumbnailSettings()
        srcsetSettings.sizes = Self.srcsetSizes.compactMap { ThumbnailSize(side: $0) }
        srcsetSettings.fit = .contain
        srcsetSettings.glitch = nil
        let srcset = ThumbnailPipeline(settings: srcsetSettings)
        let srcsetSizes = try srcset.outputs.map { try $0.scale.plan(inputWidth: source.width, inputHeight: source.height) }
        results.append(try measure("srcset \(Self.srcsetSizes.map(String.init).joined(separator: ",")) (full)", backend,
                                   full, outputSize: srcsetSizes.map { "\($0.window.width)x\($0.window.height)" }
                                       .joined(separator: "+")) {
            var last = full
            try srcset.run(full, on: backend) { _, resized in last = resized }
            return last
        })
        let square = try ScaleStep(target: .cover(side: 512, gravity: .centre)).apply(to: full, on: backend)
        let glitch = KernelStep(GlitchKernel())
        results.append(try measure("glitch", backend, square, outputSize: "512x512") {
            try glitch.apply(to: square, on: backend)
        })
        for effect in [ImageEffect.sepia(SepiaKernel()), .tiltShift(try TiltShiftKernel()), .sharpen(try SharpenKernel())] {
            let step = KernelStep(effect.kernel)
            results.append(try measure("effect \(effect.name)", backend, square, outputSize: "512x512") {
                try step.apply(to: square, on: backend)
            })
        }
        let rect = PixelRect(x: source.width / 4, y: source.height / 4, width: source.width / 2, height: source.height / 2)
        let crop = CropStep(region: .rect(rect))
        results.append(try measure("crop", backend, full, outputSize: "\(rect.width)x\(rect.height)") {
            try crop.apply(to: full, on: backend)
        })
        if backend.kind == .opencl {
            results.append(try measure("upload+download", backend, full, outputSize: "\(source.width)x\(source.height)",
                                       drain: false) {
                let up = try backend.makeResident(.host(source))
                return ImageContainer(try up.hostImage())
            })
        }
        return results
    }

    private func measure(_ name: String, _ backend: any ComputeBackend, _ input: ImageContainer, outputSize: String,
                         drain: Bool = true, _ body: () throws -> ImageContainer) throws -> Measurement {
        _ = try body().hostImage()  // warm-up: program build, pools
        var times = [Double]()
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            var last: ImageContainer?
            for _ in 0..<iterations { last = try body() }
            if drain, let last { _ = try last.hostImage() }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(iterations))
        }
        times.sort()
        let median = times[times.count / 2]
        let mp = Double(input.width * input.height) / 1e6
        return Measurement(operation: name, backend: backend.name, inputSize: "\(input.width)x\(input.height)",
                           outputSize: outputSize, secondsPerRun: median, megapixelsPerSecond: mp / median)
    }
}
