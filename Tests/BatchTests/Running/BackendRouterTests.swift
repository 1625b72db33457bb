@testable import GPUOps
import CPUCompute
import Foundation
import ImageCodecs
import Testing
import TestSupport

struct BackendRouterTests {
    @Test func allSendsEveryImageToTheDevice() {
        let router = BackendRouter(share: .all)
        #expect((0..<5).map { _ in router.take() } == Array(repeating: .device, count: 5))
    }

    @Test func atMostKeepsThatManyOnTheDeviceAndGivesTheRestToTheCPU() {
        let router = BackendRouter(share: .atMost(2))
        #expect([router.take(), router.take(), router.take()] == [.device, .device, .cpu])
        router.ended(.device, seconds: 1, decodedPixels: 1_000_000)
        #expect([router.take(), router.take()] == [.device, .cpu])
    }

    /// Ends one image on `route` costing `seconds` per megapixel.
    private func end(_ router: BackendRouter, _ route: BackendRouter.Route, costing seconds: Double) {
        router.ended(route, seconds: seconds, decodedPixels: 1_000_000)
    }

    @Test func measuredProbesTheDeviceOneImageAtATimeUntilBothAreMeasured() {
        let router = BackendRouter(share: .measured)
        #expect([router.take(), router.take(), router.take()] == [.device, .cpu, .cpu])
        // The first image of each route is left out (program builds, cold caches).
        end(router, .device, costing: 100)
        end(router, .cpu, costing: 100)
        #expect([router.take(), router.take()] == [.device, .cpu])
        end(router, .device, costing: 0.05)
        // The device is measured, the CPU not yet (its second image is still running): CPU.
        #expect(router.take() == .cpu)
    }

    @Test func measuredFollowsTheCheaperRouteAndProbesTheOtherEverySixteenthImage() {
        let router = BackendRouter(share: .measured)
        for route in [BackendRouter.Route.device, .cpu] {
            _ = router.take()
            end(router, route, costing: 100)
        }
        _ = router.take()
        end(router, .device, costing: 0.02)   // 20 ms a megapixel
        _ = router.take()
        end(router, .cpu, costing: 0.01)      // 10 ms: the CPU is cheaper
        // Images 5 to 32: the CPU, but the 16th and 32nd try the device.
        let routes = (5...32).map { _ in router.take() }
        let probes = routes.indices.filter { routes[$0] == .device }.map { $0 + 5 }
        #expect(probes == [16, 32])
        // The device turns cheaper (a moving average: a few images) and takes over.
        for _ in 0..<8 { end(router, .device, costing: 0.001) }
        #expect(router.take() == .device)
    }

    @Test func theDeviceMustBeCheaperByTheMarginToBePreferred() {
        let router = BackendRouter(share: .measured)
        for route in [BackendRouter.Route.device, .cpu, .device, .cpu] {
            _ = router.take()
            end(router, route, costing: route == .device ? 0.009 : 0.01)   // 10% cheaper: not enough
        }
        #expect(router.take() == .cpu)
        for _ in 0..<8 { end(router, .device, costing: 0.007) }           // 30% cheaper
        #expect(router.take() == .device)
    }

    @Test func failedImagesAreNotCosts() {
        let router = BackendRouter(share: .measured)
        _ = router.take()
        router.ended(.device, seconds: nil, decodedPixels: nil)
        // Still unmeasured and nothing on the device: the next image probes it again.
        #expect(router.take() == .device)
    }
}

@Suite(.timeLimit(.minutes(1)))
struct DeviceShareBatchTests {
    @Test("a share of the images on the device, the rest on the CPU: every output as on the CPU alone")
    func sharedBatchWritesTheCPUBytes() throws {
        let folder = try Scratch()
        let names = ["astronaut.png", "coffee.jpg", "chelsea.png", "chelsea.jpg", "coffee.png", "astronaut.jpg"]
        func items(_ sub: String) -> [BatchItem] {
            names.map { BatchItem(source: .file(RepositoryPaths.sample($0)), output: folder.file("\(sub)/\($0).png"), format: .png) }
        }
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 48)!]
        let device = EmbeddedBackend(name: "embedded", kind: .opencl)
        let shared = BatchRunner(device: device, settings: settings, workers: 3, deviceShare: .atMost(1))
        let summary = shared.run(items("shared")) { _ in }
        let alone = BatchRunner(device: CPUBackend(), settings: settings, workers: 3).run(items("cpu")) { _ in }
        #expect(summary.ok == names.count && alone.ok == names.count)
        let onCPU = summary.results.filter(\.sharedToCPU).count
        #expect(onCPU > 0 && onCPU < names.count)
        #expect(device.transfers.snapshot.uploads == names.count - onCPU)
        for name in names {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("shared/\(name).png")))
                    == Data(contentsOf: URL(fileURLWithPath: folder.file("cpu/\(name).png"))))
        }
    }
}
