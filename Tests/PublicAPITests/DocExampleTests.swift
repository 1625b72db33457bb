import Foundation
import GPUOps
import Testing
import TestSupport

/// The guides' code, compiled with `import GPUOps` only: every ```swift block of
/// docs/IMAGE-OPERATIONS.md and docs/CHAIN.md has a copy in this folder, between
/// `// doc: FILE, block N` and `// doc: end`, and the copies run here where they read no files.
@Suite struct DocExampleTests {
    static let guides = ["IMAGE-OPERATIONS.md", "CHAIN.md"]

    /// Each guide's blocks, in order, are exactly the copies here (indentation aside), so
    /// neither can change without the other.
    @Test(arguments: guides)
    func everyBlockOfTheGuideIsCompiledHere(guide: String) throws {
        let text = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/" + guide), encoding: .utf8)
        let shown = Self.codeBlocks(in: text).map(Self.dedented)
        #expect(!shown.isEmpty)
        let copies = try Self.copies(of: guide)
        #expect(copies.map(\.number) == Array(1...shown.count), "\(guide): one copy of each block, numbered in page order")
        for (number, copy) in copies where shown.indices.contains(number - 1) {
            let block = shown[number - 1]
            let line = zip(copy, block).enumerated().first { $1.0 != $1.1 }?.offset ?? min(copy.count, block.count)
            #expect(copy == block, """
                \(guide), block \(number), line \(line + 1): the page has "\(line < block.count ? block[line] : "(end)")", \
                its copy in Tests/PublicAPITests "\(line < copy.count ? copy[line] : "(end)")"
                """)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theChainGuidesExampleRunsAsTheGuideSays() async throws {
        #expect(try await runChainExamples() == [
            "result 37",
            "result 9",
            "Describe produces String but Square expects Int",
            "ParseNumber failed: notANumber(\"six\")",
            "5",
            "result 17",
        ])
    }

    /// The page's claim for `InvertOnHostOperation`: between two device operations it costs
    /// one more download and one more upload (two of each in all).
    @Test func aHostOperationInADeviceChainCostsOneMoreDownloadAndUpload() throws {
        let device = EmbeddedBackend()
        let image = TestImages.noise(width: 16, height: 12, seed: 5)
        var current = try ScaleImageOperation(backend: device, target: .size(width: 8, height: 6)).execute(.host(image))
        current = try InvertOnHostOperation().execute(current)
        current = try GlitchImageOperation(backend: device, parameters: GlitchParameters(seed: 7)).execute(current)
        let onDevice = try current.hostImage()
        #expect(device.transfers.uploads == 2 && device.transfers.downloads == 2)
        // The same three steps on the CPU backend give the same bytes.
        let cpu = CPUBackend()
        var reference = try ScaleImageOperation(backend: cpu, target: .size(width: 8, height: 6)).execute(.host(image))
        reference = try InvertOnHostOperation().execute(reference)
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

    @Test func theCPUBackendRunsTheHostImplementation() throws {
        let image = TestImages.gradient(width: 9, height: 7)
        guard OpenCLTestEnvironment.isAvailable else {
            // Without a device the example's `.opencl` request is the error it throws.
            #expect(throws: DeviceSelectionError.self) {
                try cpuBackendAndBuildErrorExample(image: image, kernel: BrokenKernel())
            }
            return
        }
        let onCPU = try cpuBackendAndBuildErrorExample(image: image, kernel: BrokenKernel())
        #expect(onCPU == (try Sharpen3x3Kernel().runOnHost(image)))
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

    // MARK: - Reading blocks and copies

    /// The text of each ```swift block, in order.
    static func codeBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```swift" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The copies of `guide`'s blocks in this folder's Swift files, by block number, with their
    /// common indentation removed.
    static func copies(of guide: String) throws -> [(number: Int, lines: [String])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let begin = "// doc: \(guide), block "
        var found: [(number: Int, lines: [String])] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var current: (number: Int, lines: [String])? = nil
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if current == nil, trimmed.hasPrefix(begin), let number = Int(trimmed.dropFirst(begin.count)) {
                    current = (number, [])
                } else if let copy = current, trimmed == "// doc: end" {
                    found.append((copy.number, dedented(copy.lines)))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            }
        }
        return found.sorted { $0.number < $1.number }
    }

    static func dedented(_ lines: [String]) -> [String] {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(indent)) }
    }
}
