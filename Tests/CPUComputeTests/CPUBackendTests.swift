@testable import CPUCompute
import ComputeCore
import Foundation
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

@Suite("CPU backend")
struct CPUBackendTests {
    @Test("identity: kind, name, threads")
    func identity() {
        let backend = CPUBackend(threads: 3)
        #expect(backend.kind == .cpu && backend.name == "cpu" && backend.threads == 3)
        #expect(CPUBackend(threads: 0).threads == 1)
        #expect(CPUBackend.shared.threads == ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test("host images stay where they are; nothing is ever transferred")
    func hostResidency() throws {
        let backend = CPUBackend(threads: 1)
        let image = TestImages.gradient(width: 30, height: 20)
        #expect(try backend.makeResident(.host(image)).hostImage() == image)
        let plan = ResamplePlan(inputWidth: 30, inputHeight: 20, outputWidth: 12, outputHeight: 9, filter: .lanczos)
        let result = try backend.resample(.host(image), plan: plan)
        guard case .host = result else {
            Issue.record("the CPU backend returned a device image")
            return
        }
        #expect(backend.transfers.snapshot == (0, 0))
    }

    @Test("a device image is downloaded once through its own backend, then worked on")
    func deviceInput() throws {
        let device = EmbeddedBackend(name: "fake-device")
        let image = TestImages.noise(width: 16, height: 8, seed: 1)
        let cpu = CPUBackend(threads: 1)
        #expect(try cpu.makeResident(device.hold(image)).hostImage() == image)
        let cropped = try cpu.crop(device.hold(image), to: PixelRect(x: 2, y: 1, width: 5, height: 4)).hostImage()
        #expect(cropped == (try cpu.crop(.host(image), to: PixelRect(x: 2, y: 1, width: 5, height: 4)).hostImage()))
        #expect(device.transfers.downloads == 2)
        #expect(cpu.transfers.snapshot == (0, 0))
    }

    @Test("the CPU backend owns no device images: download is refused, naming the owner")
    func downloadRefused() throws {
        let device = EmbeddedBackend(name: "fake-device")
        let held = device.hold(TestImages.gradient(width: 2, height: 2))
        let onDevice: DeviceImage? = if case .device(let d) = held { d } else { nil }
        let d = try #require(onDevice, "the image is on the host")
        #expect(throws: ComputeArgumentError.foreignDeviceImage(owner: "fake-device", backend: "cpu")) {
            try CPUBackend(threads: 1).download(d)
        }
    }

    @Test("weights or rows outside the image are refused")
    func outsideWeights() {
        let backend = CPUBackend(threads: 1)
        let image = PipelineImage.host(TestImages.gradient(width: 10, height: 6))
        let wide = ResampleWeights.compute(inSize: 12, outSize: 4, filter: .bilinear)
        #expect(throws: ResampleArgumentError.outsideImage(pass: "horizontal", needed: 12, available: 10)) {
            try backend.resampleHorizontal(image, weights: wide, rows: 0..<6)
        }
        let fits = ResampleWeights.compute(inSize: 10, outSize: 4, filter: .bilinear)
        #expect(throws: ResampleArgumentError.outsideImage(pass: "horizontal (rows)", needed: 7, available: 6)) {
            try backend.resampleHorizontal(image, weights: fits, rows: 2..<7)
        }
        let tall = ResampleWeights.compute(inSize: 8, outSize: 3, filter: .box)
        #expect(throws: ResampleArgumentError.outsideImage(pass: "vertical", needed: 8, available: 6)) {
            try backend.resampleVertical(image, weights: tall)
        }
    }

    @Test("an identity plan returns the image unchanged; a same-size crop window is a plain copy")
    func identityPlans() throws {
        let backend = CPUBackend(threads: 1)
        let image = TestImages.noise(width: 20, height: 10, seed: 5, alpha: true)
        let same = ResamplePlan(inputWidth: 20, inputHeight: 10, outputWidth: 20, outputHeight: 10, filter: .lanczos)
        #expect(try backend.resample(.host(image), plan: same).hostImage() == image)
        let window = PixelRect(x: 3, y: 2, width: 9, height: 5)
        let cut = ResamplePlan(inputWidth: 20, inputHeight: 10, outputWidth: 20, outputHeight: 10, window: window, filter: .lanczos)
        #expect(try backend.resample(.host(image), plan: cut).hostImage() == backend.crop(.host(image), to: window).hostImage())
    }
}
