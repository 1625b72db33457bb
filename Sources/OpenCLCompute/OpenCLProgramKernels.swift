import ComputeCore
import Synchronization

/// A program built for one device and the kernels made from it so far, kept for the life of
/// the process: the embedded program of the built-in passes and each `ImageKernel`'s program
/// alike (`OpenCLProgramCache`).
///
/// A kernel object carries argument state (`clSetKernelArg`), so binding and enqueueing
/// happen under this program's lock (`withKernel`): two threads launching the same kernel
/// never mix their arguments. Every launch, built-in or a user's, takes this lock and no other.
final class OpenCLProgramKernels: Sendable {
    let program: CLProgram
    let device: CLDevice
    /// The kernels made so far, by name; each is used only inside this lock.
    private let kernels = Mutex<[String: Made]>([:])

    /// A kernel with what is asked of it once: its parameter count was checked when it was
    /// made, and its work-group limit on this device does not change.
    private struct Made {
        let kernel: CLKernel
        /// `CL_KERNEL_NUM_ARGS`.
        let parameterCount: Int
        /// `CL_KERNEL_WORK_GROUP_SIZE`: below the device's maximum for a register-heavy kernel.
        let workGroupLimit: Int
    }

    init(program: CLProgram, device: CLDevice) {
        self.program = program
        self.device = device
    }

    /// The largest work-group the kernel `name` runs on this device (made and checked as in
    /// `withKernel`).
    func workGroupLimit(_ name: String, parameterCount: Int) throws -> Int {
        try kernels.withLock { kernels in
            try Self.made(name, parameterCount: parameterCount, in: &kernels, program, device).workGroupLimit
        }
    }

    /// Runs `body` with exclusive use of the kernel `name`, checking on first use that it
    /// exists and declares `parameterCount` parameters (the `KernelFunction`'s count).
    func withKernel<R: Sendable>(_ name: String, parameterCount: Int, _ body: @Sendable (CLKernel) throws -> R) throws -> R {
        try kernels.withLock { kernels in
            try body(try Self.made(name, parameterCount: parameterCount, in: &kernels, program, device).kernel)
        }
    }

    private static func made(_ name: String, parameterCount: Int, in kernels: inout [String: Made],
                             _ program: CLProgram, _ device: CLDevice) throws -> Made {
        if let known = kernels[name] {
            guard known.parameterCount == parameterCount else {
                throw mismatch(name, declared: known.parameterCount, parameterCount)
            }
            return known
        }
        let kernel: CLKernel
        do {
            kernel = try CLKernel(program: program, name: name)
        } catch {
            throw ComputeArgumentError.invalidKernelLaunch(kernel: name, reason: "the program has no such kernel (\(error))")
        }
        let declared = try kernel.argumentCount
        guard declared == parameterCount else { throw mismatch(name, declared: declared, parameterCount) }
        let made = Made(kernel: kernel, parameterCount: declared, workGroupLimit: try kernel.workGroupSize(on: device))
        kernels[name] = made
        return made
    }

    private static func mismatch(_ name: String, declared: Int, _ parameterCount: Int) -> ComputeArgumentError {
        .invalidKernelLaunch(kernel: name,
                             reason: "the OpenCL function declares \(declared) parameters, its KernelFunction \(parameterCount)")
    }
}
