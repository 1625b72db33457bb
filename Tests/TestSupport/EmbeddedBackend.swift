import ComputeCore
import CPUCompute
import Foundation
import ImageCodecs
import ImageMaths

/// A device backend that lives in host memory, for tests (swift-nio's `EmbeddedChannel` idea):
/// it hands out real `.device` images, counts uploads and downloads as a device would, computes
/// every pass with the CPU backend's arithmetic (so results are the real bytes), and can be
/// told to make any primitive fail, with any error — `OutOfDeviceMemory` to exercise the
/// per-image CPU fallback. It replaces hand-written fakes: one double, every test.
public final class EmbeddedBackend: ComputeBackendCore, @unchecked Sendable {
    /// The primitives, to name the one that should fail.
    public enum Primitive: String, Sendable, CaseIterable {
        case upload, download, resampleHorizontal, resampleVertical, crop, premultiply, unpremultiply, kernel
    }

    /// The error of a device with no room left: recoverable, as a real device's is.
    public struct OutOfDeviceMemory: DeviceResourceError, Equatable, CustomStringConvertible {
        public init() {}
        public var isOutOfDeviceResources: Bool { true }
        public var description: String { "embedded device out of memory" }
    }

    public let kind: BackendKind
    public let name: String
    public let transfers = TransferCounters()

    private let lock = NSLock()
    private var failures: [Primitive: any Error] = [:]
    private var calls: [Primitive] = []
    private let host = CPUBackend(threads: 1)

    /// The pixels of one `.device` image.
    final class Storage: @unchecked Sendable {
        let image: HostImage
        init(_ image: HostImage) { self.image = image }
    }

    public init(name: String = "embedded", kind: BackendKind = .opencl) {
        self.name = name
        self.kind = kind
    }

    /// From now on `primitive` throws `error`.
    public func fail(_ primitive: Primitive, with error: any Error) { lock.withLock { failures[primitive] = error } }
    /// From now on every primitive throws `error`.
    public func failAll(with error: any Error) {
        lock.withLock { for p in Primitive.allCases { failures[p] = error } }
    }
    /// Every primitive works again.
    public func heal() { lock.withLock { failures.removeAll() } }
    /// The primitives called so far, in order (failed calls included).
    public var callLog: [Primitive] { lock.withLock { calls } }

    /// `image` as if it were already on this device (no upload counted).
    public func hold(_ image: HostImage) -> PipelineImage {
        .device(DeviceImage(width: image.width, height: image.height, isOpaque: !image.hasTransparency,
                            backend: self, storage: Storage(image)))
    }

    // MARK: ComputeBackendCore

    package func makeResident(_ image: PipelineImage) throws -> PipelineImage {
        if case .device(let d) = image, d.storage is Storage, d.backend === self { return image }
        try enter(.upload)
        let pixels = try image.hostImage()
        transfers.recordUpload(bytes: pixels.pixels.count)
        return hold(pixels)
    }

    package func download(_ image: DeviceImage) throws -> HostImage {
        try enter(.download)
        guard image.backend === self, let storage = image.storage as? Storage else {
            throw ComputeArgumentError.foreignDeviceImage(owner: image.backend.name, backend: name)
        }
        transfers.recordDownload(bytes: storage.image.pixels.count)
        return storage.image
    }

    package func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights, rows: Range<Int>) throws -> PipelineImage {
        try pass(.resampleHorizontal, image) { try host.resampleHorizontal($0, weights: weights, rows: rows) }
    }

    package func resampleVertical(_ image: PipelineImage, weights: ResampleWeights) throws -> PipelineImage {
        try pass(.resampleVertical, image) { try host.resampleVertical($0, weights: weights) }
    }

    package func crop(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage {
        try pass(.crop, image) { try host.crop($0, to: rect) }
    }

    package func premultiply(_ image: PipelineImage) throws -> PipelineImage {
        try pass(.premultiply, image) { try host.premultiply($0) }
    }

    package func unpremultiply(_ image: PipelineImage) throws -> PipelineImage {
        try pass(.unpremultiply, image) { try host.unpremultiply($0) }
    }

    /// The kernel's host implementation, "on the device".
    public func run(_ kernel: any ImageKernel, on image: PipelineImage) throws -> PipelineImage {
        try pass(.kernel, image) { try host.run(kernel, on: $0) }
    }

    // MARK: Helpers

    private func enter(_ primitive: Primitive) throws {
        let failure = lock.withLock { () -> (any Error)? in
            calls.append(primitive)
            return failures[primitive]
        }
        if let failure { throw failure }
    }

    /// Uploads if needed, then runs `body` on the pixels "in device memory".
    private func pass(_ primitive: Primitive, _ image: PipelineImage,
                      _ body: (PipelineImage) throws -> PipelineImage) throws -> PipelineImage {
        let resident = try makeResident(image)
        try enter(primitive)
        guard case .device(let d) = resident, let storage = d.storage as? Storage else {
            throw ComputeArgumentError.foreignDeviceImage(owner: "the host", backend: name)
        }
        return hold(try body(.host(storage.image)).hostImage())
    }
}
