import Foundation
import GPUOps
import Testing
import TestSupport

/// The kernel of docs/IMAGE-OPERATIONS.md, as the page shows it, is the one this target's tests use.
typealias Sharpen3x3Kernel = ImageOperationsPage.Sharpen3x3Kernel

/// The docs' code at work: `scripts/doc-snippets.py` copies every ```swift block of docs/*.md
/// and of the DocC articles into DocSnippets/ (`make test` fails when a copy is out of date),
/// the build compiles them with `import GPUOps` only, and the blocks that read no files run here.
@Suite struct DocExampleTests {
    /// The operations of the chain article (Sources/OperationChain/OperationChain.docc/
    /// ChainingOperations.md), and one of this test's to end a chain in a string.
    typealias ParseNumber = ChainingOperationsPage.ParseNumber
    typealias Square = ChainingOperationsPage.Square
    typealias DelayedIncrement = ChainingOperationsPage.DelayedIncrement
    final class Describe: ChainableOperation<Int, String>, @unchecked Sendable {
        override func execute(_ input: Int) throws -> String { "result \(input)" }
    }

    @Test(.timeLimit(.minutes(1)))
    func theChainArticlesExampleRunsAsTheArticleSays() async throws {
        // The article's blocks as written.
        try await ChainingOperationsPage.block2()
        try await ChainingOperationsPage.block3(queue: OperationQueue())
        // What its comments say they give.
        let queue = OperationQueue()
        #expect(try await ParseNumber(input: "6").deliver(to: Square()).deliver(to: DelayedIncrement()).run(on: queue) == 37)
        let compound = CompoundOperation<String, Int>(operations: [ParseNumber(), Square()], input: "3")
        queue.addOperation(compound)
        #expect(try await compound.value == 9)
        let squarePlusOne = ChainRecipe<Int, Int>(name: "SquarePlusOne") { Square().deliver(to: DelayedIncrement()) }
        #expect(try await squarePlusOne.run(2, on: queue) == 5)
        let nested = try await ParseNumber(input: "4").deliver(to: squarePlusOne.makeOperation())
            .deliver(to: Describe()).run(on: queue)
        #expect(nested == "result 17")
        let mismatched = CompoundOperation<String, String>(operations: [ParseNumber(), Describe(), Square()])
        #expect(mismatched.validationError?.description == "Describe produces String but Square expects Int")
        await #expect {
            _ = try await ParseNumber(input: "six").deliver(to: Square()).run(on: queue)
        } throws: { error in
            (error as? ChainError)?.description == "ParseNumber failed: notANumber(\"six\")"
        }
    }

    /// The page's claim for `InvertOnHostOperation`: between two device operations it costs
    /// one more download and one more upload (two of each in all).
    @Test func aHostOperationInADeviceChainCostsOneMoreDownloadAndUpload() throws {
        let device = EmbeddedBackend()
        let image = TestImages.noise(width: 16, height: 12, seed: 5)
        var current = try ScaleImageOperation(backend: device, target: .size(width: 8, height: 6)).execute(.host(image))
        current = try ImageOperationsPage.InvertOnHostOperation().execute(current)
        current = try GlitchImageOperation(backend: device, parameters: GlitchParameters(seed: 7)).execute(current)
        let onDevice = try current.hostImage()
        #expect(device.transfers.uploads == 2 && device.transfers.downloads == 2)
        // The same three steps on the CPU backend give the same bytes.
        let cpu = CPUBackend()
        var reference = try ScaleImageOperation(backend: cpu, target: .size(width: 8, height: 6)).execute(.host(image))
        reference = try ImageOperationsPage.InvertOnHostOperation().execute(reference)
        reference = try GlitchImageOperation(backend: cpu, parameters: GlitchParameters(seed: 7)).execute(reference)
        #expect(try reference.hostImage() == onDevice)
    }

    /// A kernel whose OpenCL C does not compile.
    struct BrokenKernel: ImageKernel {
        var name: String { "broken" }
        var program: KernelProgramSource { KernelProgramSource("__kernel void broken(__global uchar4 *p) { p[0] = y; }") }
        static let broken = KernelFunction<KernelImage>("broken")
        func encode(_ launches: inout KernelLaunches) throws {
            try launches.launch(Self.broken, global: [1], launches.output)
        }
        func runOnHost(_ input: HostImage) throws -> HostImage { input }
    }

    /// docs/IMAGE-OPERATIONS.md's block 5: the CPU backend runs the host implementation, and a
    /// kernel that does not build on a device is a `CLBuildError` the block catches.
    @Test func theCPUBackendRunsTheHostImplementation() async throws {
        let image = TestImages.gradient(width: 9, height: 7)
        #expect(try CPUBackend().run(Sharpen3x3Kernel(), on: .host(image)).hostImage()
                == (try Sharpen3x3Kernel().runOnHost(image)))
        guard OpenCLTestEnvironment.isAvailable else {
            // Without a device the block's `.opencl` request is the error it throws.
            await #expect(throws: DeviceSelectionError.self) {
                try await ImageOperationsPage.block5(image: image, kernel: BrokenKernel())
            }
            return
        }
        try await ImageOperationsPage.block5(image: image, kernel: BrokenKernel())
    }

    /// GettingStarted's manifest is not compiled (it is a package of its own): its platform and
    /// the package name its product names are this package's.
    @Test func theGettingStartedManifestNamesThisPackagesPlatformAndIdentity() throws {
        let article = try String(contentsOf: RepositoryPaths.root.appendingPathComponent(
            "Sources/GPUOps/GPUOps.docc/GettingStarted.md"), encoding: .utf8)
        let manifest = try #require(Self.codeBlocks(in: article).first { $0.contains("import PackageDescription") })
        let ours = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let platforms = try #require(ours.split(separator: "\n").first { $0.contains("platforms:") })
        #expect(manifest.contains(platforms.trimmingCharacters(in: .whitespaces)))
        #expect(manifest.contains(".package(path: \"../gpuglitch\")"))
        #expect(manifest.contains(".product(name: \"GPUOps\", package: \"gpuglitch\")"))
        #expect(ours.contains("name: \"gpuglitch\"") && ours.contains(".library(name: \"GPUOps\""))
    }

    /// The text of each ```swift block of a page, in order.
    static func codeBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [String]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if let lines = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// `CLBuildError` is a type a user of `import GPUOps` can name and catch.
    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func aKernelThatDoesNotBuildThrowsCLBuildErrorWithTheCompilersLog() throws {
        let device = try DeviceSelector.select(.opencl).backend
        let error = #expect(throws: CLBuildError.self) {
            try device.run(BrokenKernel(), on: .host(TestImages.gradient(width: 4, height: 4)))
        }
        #expect(error?.error.name == "CL_BUILD_PROGRAM_FAILURE")
        #expect(error?.logs.contains { $0.log.contains("y") } == true, "\(String(describing: error))")
    }
}
