import ComputeCore
import Foundation
import Kernels
import Synchronization

/// Everything about one device that is expensive to make and can be shared by the whole
/// process: the context, the in-order queue, the program built from the embedded kernel
/// sources, and its kernels.
///
/// Made once per device and cached for the life of the process (`shared(for:)`), because
/// building the program costs ~0.6–1 s on POCL with a cold disk cache. Every `OpenCLBackend`
/// for the device shares it, so all their commands go through one in-order queue: that is
/// what makes returning a buffer to a pool safe while kernels that read it are still queued
/// (any later user of the buffer is enqueued behind them).
// @unchecked Sendable: thread-safe handles, kernels and programs in Mutexes, x86BuildError immutable.
final class OpenCLDeviceRuntime: @unchecked Sendable {
    let device: CLDevice
    let context: CLContext
    let queue: CLCommandQueue
    let program: CLProgram
    /// Seconds `clBuildProgram` took for this runtime (cold or warm POCL cache).
    let buildSeconds: Double
    /// Work-group and rounded global sizes for the kernels on this device.
    let launchShape: OpenCLLaunchShape
    /// Why the x86 flavour of the resampling kernels did not build on this CPU device (the
    /// portable kernels run instead, with the same bytes), or nil. `gpuglitch devices` shows it.
    let x86BuildError: (any Error)?

    /// What `ImageKernel.encode` may ask of this device.
    let kernelLimits: KernelLaunches.DeviceLimits

    /// The kernels, used only inside this lock: `clSetKernelArg` followed by the enqueue must
    /// not interleave with another thread's.
    private let kernels: Mutex<OpenCLKernelSet>
    /// Whether the program has the x86 resampling kernels (see `x86Option`).
    let hasX86Kernels: Bool

    /// Options the embedded program is built with.
    static let buildOptions = ""
    /// Added for CPU devices: asks resample.cl for its x86 AVX2 resampling kernels, 1.6–2x
    /// faster on POCL than the portable ones (which GPUs run). The source only defines them where the
    /// compiler targets AVX2 with clang's builtins; a CPU device whose compiler still rejects
    /// them gets the program built again without the option.
    static let x86Option = "-DGPUGLITCH_X86_AVX2"

    init(device: CLDevice, source: String = KernelSources.all, options: String = OpenCLDeviceRuntime.buildOptions,
         driver: CLDriver = .live) throws {
        self.device = device
        context = try CLContext(device: device, driver: driver)
        queue = try CLCommandQueue(context: context)
        let start = DispatchTime.now().uptimeNanoseconds
        var x86Failure: (any Error)? = nil
        var x86Program: CLProgram? = nil
        if try device.type == .cpu {
            do {
                x86Program = try Self.build(context: context, source: source,
                                            options: [options, Self.x86Option].filter { !$0.isEmpty }.joined(separator: " "))
            } catch {
                // Recorded, not fatal: the portable kernels give the same bytes.
                x86Failure = error
            }
        }
        if let x86Program {
            program = x86Program
        } else {
            program = try Self.build(context: context, source: source, options: options)
        }
        x86BuildError = x86Failure
        buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let kernelSet = try OpenCLKernelSet(program: program)
        hasX86Kernels = kernelSet.x86 != nil
        var groupLimit = try device.maxWorkGroupSize
        for kernel in kernelSet.all {
            groupLimit = min(groupLimit, try kernel.workGroupSize(on: device))
        }
        kernels = Mutex(kernelSet)
        launchShape = OpenCLLaunchShape(maxWorkGroupSize: groupLimit, maxWorkItemSizes: try device.maxWorkItemSizes)
        kernelLimits = KernelLaunches.DeviceLimits(maxWorkGroupSize: try device.maxWorkGroupSize,
                                                   localMemoryBytes: Int(clamping: try device.localMemory),
                                                   isCPU: try device.type == .cpu,
                                                   maxWorkItemSizes: try device.maxWorkItemSizes)
    }

    // MARK: - Programs of ImageKernels

    /// A built program, or the build failure reported again without rebuilding.
    private enum BuiltProgram<Program: Sendable>: Sendable {
        case built(Program)
        case failed(CLBuildError)

        func get() throws -> Program {
            switch self {
            case .built(let program): program
            case .failed(let error): throw error
            }
        }
    }

    private let userPrograms = Mutex<[KernelProgramSource: BuiltProgram<OpenCLUserProgram>]>([:])

    /// The program of `source` on this device, built on first use. A build failure
    /// (`CLBuildError`, with the compiler's log) is remembered and thrown again for every
    /// later image without rebuilding; other failures are tried again next time.
    func userProgram(_ source: KernelProgramSource) throws -> OpenCLUserProgram {
        let context = self.context
        return try userPrograms.withLock { programs in
            if let known = programs[source] { return try known.get() }
            do {
                let made = OpenCLUserProgram(program: try Self.build(context: context, source: source.text, options: source.options))
                programs[source] = .built(made)
                return made
            } catch let error as CLBuildError {
                programs[source] = .failed(error)
                throw error
            }
        }
    }

    private static func build(context: CLContext, source: String, options: String) throws -> CLProgram {
        let program = try CLProgram(context: context, source: source)
        try program.build(options: options)
        return program
    }

    /// Sets arguments and enqueues with exclusive use of the kernels.
    func withKernels<R: Sendable>(_ body: (OpenCLKernelSet) throws -> R) throws -> R {
        try kernels.withLock { try body($0) }
    }

    // MARK: - Process-wide cache

    /// The runtime of each device made so far, by its `cl_device_id`.
    private static let cache = Mutex<[DeviceKey: BuiltProgram<OpenCLDeviceRuntime>]>([:])

    /// A `cl_device_id` as a dictionary key.
    private struct DeviceKey: Hashable, Sendable {
        let address: UInt
        init(_ device: CLDevice) { address = UInt(bitPattern: UnsafeRawPointer(device.id)) }
    }

    /// The runtime of `device`, made on first use. A program that does not build on the
    /// device is remembered too, so it is reported again without rebuilding; other failures
    /// (out of memory, say) are tried again next time.
    static func shared(for device: CLDevice) throws -> OpenCLDeviceRuntime {
        try cache.withLock { cache in
            let key = DeviceKey(device)
            if let known = cache[key] { return try known.get() }
            do {
                let made = try OpenCLDeviceRuntime(device: device)
                cache[key] = .built(made)
                return made
            } catch let error as CLBuildError {
                cache[key] = .failed(error)
                throw error
            }
        }
    }
}
