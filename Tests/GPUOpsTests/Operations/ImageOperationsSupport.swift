@testable import GPUOps
import CPUCompute
import Foundation
import OpenCLCompute
import TestSupport

/// A user-defined host operation, as a library user would write one: inverts R, G and B on
/// the host. In a device chain it forces one download before it and one upload after it.
final class InvertOnHostOperation: ChainableOperation<ImageContainer, ImageContainer>, @unchecked Sendable {
    override func execute(_ input: ImageContainer) throws -> ImageContainer {
        let host = try input.hostImage()
        var pixels = host.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = 255 - pixels[i]
            pixels[i + 1] = 255 - pixels[i + 1]
            pixels[i + 2] = 255 - pixels[i + 2]
        }
        let inverted = try HostImage(width: host.width, height: host.height, pixels: pixels)
        return .host(inverted, metadata: input.metadata)
    }
}

/// A fresh temporary folder, removed when the value goes away.
final class ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpuglitch-ops-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Every entry, recursively, relative to the folder.
    var contents: [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }
}

enum OperationTestQueue {
    /// Runs a compound on a fresh queue and waits for it (with a limit so a hang fails).
    static func run<I, O>(_ compound: CompoundOperation<I, O>, timeout: Double = 60) -> Result<O, any Error>? {
        let queue = OperationQueue()
        let finished = DispatchSemaphore(value: 0)
        compound.completionBlock = { finished.signal() }
        queue.addOperation(compound)
        // Let the queue hear of the finish before the queue goes away with this function.
        if finished.wait(timeout: .now() + timeout) == .success { queue.waitUntilAllOperationsAreFinished() }
        return compound.result
    }
}
