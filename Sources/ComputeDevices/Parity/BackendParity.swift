import ComputeCore
import CPUCompute
import ImageCodecs
import OpenCLCompute

/// The check this project runs on every operation, as one call for users: run the same work
/// on the CPU backend and on every OpenCL device present (or the backends given), and say
/// whether the bytes agree, or where they first differ.
///
/// ```swift
/// @Test func invertIsExact() throws {
///     let report = try BackendParity.check(kernels: [InvertKernel()])
///     #expect(report.isIdentical, "\(report)")
/// }
/// ```
public enum BackendParity {
    /// One image on one device, compared with the CPU backend's result.
    public struct Comparison: Sendable, Equatable {
        /// Index of the image in the list checked.
        public let image: Int
        /// The device backend's name, e.g. `opencl:0 (NVIDIA H100)`.
        public let device: String
        /// nil when identical.
        public let difference: PixelDifference?
    }

    /// The outcome of a check.
    public struct Report: Sendable, CustomStringConvertible {
        /// The devices compared with the CPU backend; empty when there is none (then nothing
        /// was compared, and `isIdentical` is vacuously true: check `devices` in tests that
        /// must run somewhere).
        public let devices: [String]
        /// OpenCL devices present but not usable (their program did not build, say), with why.
        public let unusable: [String]
        public let comparisons: [Comparison]

        public var isIdentical: Bool { comparisons.allSatisfy { $0.difference == nil } }
        /// The first comparison that differs.
        public var firstMismatch: Comparison? { comparisons.first { $0.difference != nil } }

        public var description: String {
            if devices.isEmpty { return "no OpenCL device to compare with the CPU backend" + unusableNote }
            if let m = firstMismatch {
                return "image \(m.image) on \(m.device): \(m.difference!) (CPU backend vs device)" + unusableNote
            }
            let images = Set(comparisons.map(\.image)).count
            return "identical on \(devices.joined(separator: ", ")) for \(images) image\(images == 1 ? "" : "s")" + unusableNote
        }

        private var unusableNote: String { unusable.isEmpty ? "" : "; not usable: " + unusable.joined(separator: "; ") }
    }

    /// A backend for every OpenCL device present, and why the others could not be used.
    public static func openCLBackends() -> (backends: [any ComputeBackend], unusable: [String]) {
        let inventory = OpenCLInventory.probe()
        var backends: [any ComputeBackend] = [], unusable: [String] = []
        for summary in inventory.devices {
            do {
                backends.append(try OpenCLBackend(device: inventory.handles[summary.index], index: summary.index))
            } catch {
                unusable.append("\(summary.label): \(error)")
            }
        }
        return (backends, unusable)
    }

    /// Runs `work` over each image on the CPU backend and on each of `devices` (default: every
    /// OpenCL device) and compares the results byte for byte. `work` gets the backend and the
    /// image on the host and returns its result (on whichever side; it is downloaded). Without
    /// `images`, six generated ones that break kernels: odd sizes, one row, one column, noise
    /// over every byte value with and without transparency, a gradient.
    public static func check(images: [HostImage]? = nil, devices: [any ComputeBackend]? = nil,
                             _ work: (any ComputeBackend, ImageContainer) throws -> ImageContainer) throws -> Report {
        let images = images ?? ParityImages.standard
        let (backends, unusable) = devices.map { ($0, []) } ?? openCLBackends()
        let cpu = CPUBackend(threads: 1)
        var comparisons: [Comparison] = []
        for (index, image) in images.enumerated() {
            let reference = try work(cpu, .host(image)).hostImage()
            for backend in backends {
                let result = try work(backend, .host(image)).hostImage()
                comparisons.append(Comparison(image: index, device: backend.name,
                                              difference: PixelDifference.first(reference, result)))
            }
        }
        return Report(devices: backends.map(\.name), unusable: unusable, comparisons: comparisons)
    }

    /// `check` for a chain of kernels run one after the other (on a device: one upload, one
    /// download).
    public static func check(kernels: [any ImageKernel], images: [HostImage]? = nil,
                             devices: [any ComputeBackend]? = nil) throws -> Report {
        try check(images: images, devices: devices) { backend, image in
            try image.mapFrames { pixels in
                var current = pixels
                for kernel in kernels { current = try backend.run(kernel, on: current) }
                return current
            }
        }
    }
}
