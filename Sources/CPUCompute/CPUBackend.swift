import ComputeCore
import Foundation
import ImageCodecs
import ImageMaths

/// The CPU fallback: every primitive of `ComputeBackendCore` computed on the host, producing the
/// bytes the OpenCL path produces (docs/SPEC.md §2–§4: exact integer arithmetic, Pillow's formulas).
///
/// Images stay `.host`; nothing is ever uploaded or downloaded, so `transfers` stays at zero.
/// Each operation splits its output rows over `threads` cores; with one thread it runs on the
/// caller's thread (the batch engine gives each image its own core).
public final class CPUBackend: ComputeBackendCore {
    public var kind: BackendKind { .cpu }
    public var name: String { "cpu" }
    /// Always zero: the CPU backend works in host memory.
    public let transfers = TransferCounters()
    /// Cores one operation may use.
    public var threads: Int { parallelism.threads }

    let parallelism: RowParallelism

    /// A backend using `threads` cores per operation (at least 1).
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        parallelism = RowParallelism(threads: max(1, threads))
    }

    /// A backend using every core, for callers that do not manage threads themselves.
    public static let shared = CPUBackend()

    /// The vector kernels every CPU backend's resampling runs (`avx512`, `avx2` or
    /// `portable`: the widest this CPU has, under the cap of `GPUGLITCH_CPU_KERNELS`).
    package static var resamplingKernels: String { ResampleKernelSet.preferred.description }

    // MARK: Residency

    /// Host images as they are; device images are downloaded through the backend that owns them.
    package func makeResident(_ image: PipelineImage) throws -> PipelineImage {
        switch image {
        case .host: image
        case .device(let d): .host(try d.backend.download(d))
        }
    }

    /// Always throws: a CPU backend never owns device images.
    package func download(_ image: DeviceImage) throws -> HostImage {
        throw ComputeArgumentError.foreignDeviceImage(owner: image.backend.name, backend: name)
    }

    // MARK: Resampling

    package func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights,
                                    rows: Range<Int>) throws -> PipelineImage {
        try ComputeArgumentCheck.horizontal(width: image.width, height: image.height, weights: weights, rows: rows)
        let input = try hostPixels(image)
        let prepared = PreparedWeights.horizontal(weights, sourceWidth: input.width,
                                                  opaqueSource: input.isOpaqueByConstruction)
        let outWidth = weights.count, outHeight = rows.count
        let pixels = makePixels(width: outWidth, height: outHeight) { out in
            input.pixels.withUnsafeBufferPointer { src in
                let first = src.baseAddress! + rows.lowerBound * input.rowBytes
                parallelism.forEachBand(rows: outHeight, bytes: outWidth * outHeight * 4) { band in
                    HorizontalResampler.resample(source: first + band.lowerBound * input.rowBytes,
                                                 sourceWidth: input.width,
                                                 destination: out + band.lowerBound * outWidth * 4,
                                                 rowCount: band.count, weights: prepared)
                }
            }
        }
        return .host(HostImage(width: outWidth, height: outHeight, computedPixels: pixels))
    }

    package func resampleVertical(_ image: PipelineImage, weights: ResampleWeights) throws -> PipelineImage {
        try ComputeArgumentCheck.vertical(height: image.height, weights: weights)
        let input = try hostPixels(image)
        let prepared = PreparedWeights.vertical(weights)
        let rowBytes = input.rowBytes, outHeight = weights.count
        let pixels = makePixels(width: input.width, height: outHeight) { out in
            input.pixels.withUnsafeBufferPointer { src in
                parallelism.forEachBand(rows: outHeight, bytes: rowBytes * outHeight) { band in
                    VerticalResampler.resample(source: src.baseAddress!, rowBytes: rowBytes, destination: out,
                                               rows: band, weights: prepared)
                }
            }
        }
        return .host(HostImage(width: input.width, height: outHeight, computedPixels: pixels))
    }

    // MARK: Copies and per-pixel passes

    /// The pixels of `rect`, copied row by row. Throws when `rect` is empty or not inside.
    package func crop(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage {
        try ComputeArgumentCheck.crop(width: image.width, height: image.height, rect: rect)
        let input = try hostPixels(image)
        let outRowBytes = rect.width * 4
        let pixels = makePixels(width: rect.width, height: rect.height) { out in
            input.pixels.withUnsafeBufferPointer { src in
                let first = src.baseAddress! + rect.y * input.rowBytes + rect.x * 4
                for y in 0..<rect.height {
                    (out + y * outRowBytes).update(from: first + y * input.rowBytes, count: outRowBytes)
                }
            }
        }
        return .host(HostImage(width: rect.width, height: rect.height, computedPixels: pixels))
    }

    package func premultiply(_ image: PipelineImage) throws -> PipelineImage {
        try mapPixels(image, AlphaPremultiplication.premultiply)
    }

    package func unpremultiply(_ image: PipelineImage) throws -> PipelineImage {
        try mapPixels(image, AlphaPremultiplication.unpremultiply)
    }

    /// The kernel's host implementation, checked against its `outputSize`, on this backend's
    /// cores (`runOnHost(_:parallelism:)`).
    public func run(_ kernel: any ImageKernel, on image: PipelineImage) throws -> PipelineImage {
        .host(try kernel.runCheckedOnHost(hostPixels(image), parallelism: parallelism))
    }

    // MARK: Helpers

    func hostPixels(_ image: PipelineImage) throws -> HostImage {
        switch image {
        case .host(let h): h
        case .device(let d): try d.backend.download(d)
        }
    }

    /// A same-size image whose pixels `transform` computes from the input's, pixel range by
    /// pixel range.
    private func mapPixels(_ image: PipelineImage,
                           _ transform: (UnsafePointer<UInt8>, UnsafeMutablePointer<UInt8>, Range<Int>) -> Void)
        throws -> PipelineImage {
        let input = try hostPixels(image)
        let width = input.width
        let pixels = makePixels(width: input.width, height: input.height) { out in
            input.pixels.withUnsafeBufferPointer { src in
                parallelism.forEachBand(rows: input.height, bytes: input.pixels.count) { band in
                    transform(src.baseAddress!, out, band.lowerBound * width ..< band.upperBound * width)
                }
            }
        }
        return .host(HostImage(width: input.width, height: input.height, computedPixels: pixels))
    }

    /// A `width × height` RGBA buffer, left uninitialised for `fill`, which must write every byte.
    func makePixels(width: Int, height: Int,
                            _ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        let count = width * height * 4
        return [UInt8](pixelCapacity: count, .writtenWhole) { buffer, initialized in
            if count > 0 { fill(buffer.baseAddress!) }
            initialized = count
        }
    }
}
