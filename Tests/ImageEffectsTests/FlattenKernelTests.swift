import ComputeCore
import CPUCompute
import Foundation
import ImageCodecs
import ImageEffects
import OpenCLCompute
import Testing
import TestSupport

/// `FlattenKernel` against Pillow 13.0.0's `Image.alpha_composite(Image.new("RGBA", size, bg),
/// image)` byte for byte (scripts/fixtures/make_flatten_fixtures.py: every alpha over random
/// colours, opaque and translucent backgrounds), on the CPU backend and on OpenCL.
@Suite struct FlattenKernelTests {
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageEffectsTests/Fixtures/flatten")
    static let backgrounds = ["000000", "ffffff", "3c8dbc", "ff000080", "10204000"]

    static func input() throws -> HostImage {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("input.png")))
        return try ImageDecoder.decode(data: bytes, source: "input.png").image
    }

    static func kernel(_ hex: String) -> FlattenKernel {
        let value = { (at: Int) in UInt8(hex.dropFirst(at).prefix(2), radix: 16)! }
        return FlattenKernel(background: RGBColor(red: value(0), green: value(2), blue: value(4)),
                             backgroundAlpha: hex.count == 8 ? value(6) : 255)
    }

    static func expected(_ hex: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(hex + ".rgba")))
    }

    @Test("the CPU gives Pillow's alpha_composite", arguments: backgrounds)
    func cpuEqualsPillow(_ hex: String) throws {
        let input = try Self.input()
        #expect(input.hasTransparency)
        for threads in [1, 4] {
            let result = try CPUBackend(threads: threads).run(Self.kernel(hex), on: .host(input)).hostImage()
            #expect(result.width == 64 && result.height == 64)
            #expect(result.pixels == (try Self.expected(hex)), "#\(hex), \(threads) threads")
        }
    }

    @Test("OpenCL gives the CPU's bytes", .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"),
          arguments: backgrounds)
    func openCLEqualsCPU(_ hex: String) throws {
        let input = try Self.input()
        let onDevice = try OpenCLTestDevice.backend().run(Self.kernel(hex), on: .host(input)).hostImage()
        #expect(onDevice.pixels == (try Self.expected(hex)), "#\(hex)")
    }

    @Test("an opaque background gives an opaque result; a translucent one does not")
    func opacity() throws {
        #expect(Self.kernel("3c8dbc").outputIsOpaque(inputIsOpaque: false))
        #expect(!Self.kernel("ff000080").outputIsOpaque(inputIsOpaque: false))
        let result = try CPUBackend(threads: 1).run(Self.kernel("3c8dbc"), on: .host(try Self.input()))
        #expect(result.isOpaque)
    }

    @Test("an opaque pixel keeps its colour over any background")
    func opaquePixelsUnchanged() throws {
        let opaque = TestImages.noise(width: 17, height: 9, seed: 5, alpha: false)
        for hex in Self.backgrounds {
            #expect(try Self.kernel(hex).runOnHost(opaque).pixels == opaque.pixels, "#\(hex)")
        }
    }
}
