import ComputeCore
import Foundation
import Synchronization

/// A program built from an `ImageKernel`'s source for one device, and its kernels, made on
/// first use and kept for the life of the process (see `OpenCLDeviceRuntime.userProgram`).
///
/// Each kernel object carries argument state (`clSetKernelArg`), so binding and enqueueing
/// happen under this program's lock: two images running the same kernel from two threads
/// never mix their arguments.
final class OpenCLUserProgram: Sendable {
    let program: CLProgram
    /// The kernels made so far, by name; each is used only inside this lock.
    private let kernels = Mutex<[String: CLKernel]>([:])

    init(program: CLProgram) { self.program = program }

    /// Runs `body` with exclusive use of the kernel `name`, checking on first use that it
    /// exists and declares `parameterCount` parameters (the `KernelFunction`'s count).
    func withKernel<R: Sendable>(_ name: String, parameterCount: Int, _ body: @Sendable (CLKernel) throws -> R) throws -> R {
        try kernels.withLock { kernels in try Self.withKernel(name, parameterCount: parameterCount, in: &kernels, program, body) }
    }

    private static func withKernel<R>(_ name: String, parameterCount: Int, in kernels: inout [String: CLKernel],
                                      _ program: CLProgram, _ body: (CLKernel) throws -> R) throws -> R {
        let kernel: CLKernel
        if let known = kernels[name] {
            kernel = known
        } else {
            do {
                kernel = try CLKernel(program: program, name: name)
            } catch {
                throw ComputeArgumentError.invalidKernelLaunch(kernel: name, reason: "the program has no such kernel (\(error))")
            }
            kernels[name] = kernel
        }
        let declared = try kernel.argumentCount
        guard declared == parameterCount else {
            throw ComputeArgumentError.invalidKernelLaunch(
                kernel: name, reason: "the OpenCL function declares \(declared) parameters, its KernelFunction \(parameterCount)")
        }
        return try body(kernel)
    }
}
