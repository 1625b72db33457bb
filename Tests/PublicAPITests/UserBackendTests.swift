import GPUOps
import Testing
import TestSupport

/// A user can write a type that conforms to `ComputeBackend` (the protocol is public, for
/// holding and calling backends), but the library's passes are not part of it: the operations
/// refuse such a type with a typed error naming it, before any pass runs, and never trap.
@Suite struct UserBackendTests {
    /// What a user can write with the public API alone: it runs kernels its own way.
    final class HandMadeBackend: ComputeBackend {
        var kind: BackendKind { .cpu }
        var name: String { "hand-made" }
        var transfers: TransferCounters { CPUBackend.shared.transfers }
        func run(_ kernel: any ImageKernel, on image: PipelineImage) throws -> PipelineImage {
            .host(try kernel.runOnHost(try image.hostImage()))
        }
    }

    static let image = PipelineImage.host(TestImages.gradient(width: 8, height: 6))
    static let container = ImageContainer.host(TestImages.gradient(width: 8, height: 6))
    static let refused = ComputeArgumentError.unsupportedBackend(name: "hand-made")

    @Test func theOperationsRefuseItWithATypedErrorNamingIt() throws {
        let backend = HandMadeBackend()
        #expect(throws: Self.refused) {
            try ScaleImageOperation(backend: backend, target: .size(width: 4, height: 3)).execute(Self.container)
        }
        #expect(throws: Self.refused) {
            try CropImageOperation(backend: backend, region: .rect(PixelRect(x: 1, y: 1, width: 3, height: 2)))
                .execute(Self.container)
        }
        #expect(Self.refused.description == "hand-made is not a backend of this library: use CPUBackend or a device from DeviceSelector")
    }

    @Test func severalSizesOfOneImageRefuseItToo() throws {
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(width: 4, height: 3)!, ThumbnailSize(side: 5)!]
        settings.fit = .contain
        let pipeline = ThumbnailPipeline(settings: settings)
        // Several sizes of one still image go through the backend's shared pass, which refuses it.
        #expect(throws: Self.refused) { try pipeline.render(Self.container, on: HandMadeBackend()) }
        #expect(throws: Self.refused) {
            try ScaleStep(target: .contain(side: 5)).apply(to: Self.container, on: HandMadeBackend())
        }
        // The same sizes on the CPU backend resize.
        let sizes = try pipeline.render(Self.container, on: CPUBackend(threads: 1)).map {
            PixelSize(width: $0.width, height: $0.height)
        }
        #expect(sizes == [PixelSize(width: 4, height: 3), PixelSize(width: 5, height: 4)])
    }
}
