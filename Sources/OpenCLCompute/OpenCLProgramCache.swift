import ComputeCore
import Synchronization

/// The programs built on one device, by source and options: the embedded program of the
/// built-in passes (in both its builds, x86 and portable) and every `ImageKernel`'s.
///
/// Each distinct source is built once per process. A build failure (`CLBuildError`, with the
/// compiler's log) is remembered and thrown again without rebuilding; other failures (out of
/// memory, say) are tried again next time.
final class OpenCLProgramCache: Sendable {
    private let context: CLContext
    private let device: CLDevice
    private let programs = Mutex<[KernelProgramSource: BuildOutcome<OpenCLProgramKernels>]>([:])

    init(context: CLContext, device: CLDevice) {
        self.context = context
        self.device = device
    }

    /// The program of `source` on this device, built on first use.
    func program(_ source: KernelProgramSource) throws -> OpenCLProgramKernels {
        try programs.withLock { programs in
            if let known = programs[source] { return try known.get() }
            do {
                let program = try CLProgram(context: context, source: source.text)
                try program.build(options: source.options)
                let made = OpenCLProgramKernels(program: program, device: device)
                programs[source] = .built(made)
                return made
            } catch let error as CLBuildError {
                programs[source] = .failed(error)
                throw error
            }
        }
    }
}

/// Something built once and kept, or the build failure reported again without rebuilding.
enum BuildOutcome<Built: Sendable>: Sendable {
    case built(Built)
    case failed(CLBuildError)

    func get() throws -> Built {
        switch self {
        case .built(let built): built
        case .failed(let error): throw error
        }
    }
}
