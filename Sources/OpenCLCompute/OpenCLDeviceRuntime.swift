import ComputeCore
import Foundation
import Synchronization

/// Everything about one device that is expensive to make and can be shared by the whole
/// process: the context, the in-order queue, and the programs built on it (the embedded
/// program of the built-in passes and every `ImageKernel`'s, in one `OpenCLProgramCache`).
///
/// Made once per device and cached for the life of the process (`shared(for:)`), because
/// building the program costs ~0.6–1 s on POCL with a cold disk cache. Every `OpenCLBackend`
/// for the device shares it, so all their commands go through one in-order queue: that is
/// what makes returning a buffer to a pool safe while kernels that read it are still queued
/// (any later user of the buffer is enqueued behind them).
// @unchecked Sendable: thread-safe handles, programs and kernels behind their own locks, x86BuildError immutable.
final class OpenCLDeviceRuntime: @unchecked Sendable {
    let device: CLDevice
    let context: CLContext
    let queue: CLCommandQueue
    /// Every program built on this device, the built-in one included.
    let programs: OpenCLProgramCache
    /// The embedded program (BuiltInKernels/*.cl) the built-in passes launch from
    /// (`OpenCLBuiltInKernel`): its x86 build on a CPU device whose compiler takes it, else the portable one.
    let builtIns: OpenCLProgramKernels
    /// Seconds building the built-in program took for this runtime (cold or warm POCL cache).
    let buildSeconds: Double
    /// Why the x86 flavour of the resampling kernels did not build on this CPU device (the
    /// portable kernels run instead, with the same bytes), or nil. `gpuglitch devices` shows it.
    let x86BuildError: (any Error)?

    /// What `ImageKernel.encode` (and the built-in passes, which record their launches the
    /// same way) may ask of this device.
    let kernelLimits: KernelLaunches.DeviceLimits

    /// Whether the built-in program has the x86 resampling kernels (see `x86Option`).
    let hasX86Kernels: Bool

    /// Options the embedded program is built with.
    static let buildOptions = ""
    /// Added for CPU devices: asks resample.cl for its x86 AVX2 resampling kernels, 1.6–2x
    /// faster on POCL than the portable ones (which GPUs run). The source only defines them where the
    /// compiler targets AVX2 with clang's builtins; a CPU device whose compiler still rejects
    /// them gets the program built again without the option.
    static let x86Option = "-DGPUGLITCH_X86_AVX2"

    /// The embedded program's source as the program cache knows it, with `x86Option` or without.
    static func builtInSource(_ source: String = OpenCLBuiltInSources.all, options: String = buildOptions,
                              x86: Bool) -> KernelProgramSource {
        KernelProgramSource(source, options: x86 ? [options, x86Option].filter { !$0.isEmpty }.joined(separator: " ") : options)
    }

    init(device: CLDevice, source: String = OpenCLBuiltInSources.all, options: String = OpenCLDeviceRuntime.buildOptions,
         driver: CLDriver = .live) throws {
        self.device = device
        context = try CLContext(device: device, driver: driver)
        queue = try CLCommandQueue(context: context)
        programs = OpenCLProgramCache(context: context, device: device)
        let start = DispatchTime.now().uptimeNanoseconds
        var x86Failure: (any Error)? = nil
        var x86Program: OpenCLProgramKernels? = nil
        if try device.type == .cpu {
            do {
                x86Program = try programs.program(Self.builtInSource(source, options: options, x86: true))
            } catch {
                // Recorded, not fatal: the portable kernels give the same bytes.
                x86Failure = error
            }
        }
        if let x86Program {
            builtIns = x86Program
        } else {
            builtIns = try programs.program(Self.builtInSource(source, options: options, x86: false))
        }
        x86BuildError = x86Failure
        buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Asked of the program, not tried: a failing clCreateKernel is an API error that
        // checking implementations (Oclgrind) report on every device without the x86 kernels.
        let names = try builtIns.program.kernelNames
        hasX86Kernels = names.contains(OpenCLBuiltInKernel.resampleHorizontalX86.name)
            && names.contains(OpenCLBuiltInKernel.resampleVerticalX86.name)
        kernelLimits = KernelLaunches.DeviceLimits(maxWorkGroupSize: try device.maxWorkGroupSize,
                                                   localMemoryBytes: Int(clamping: try device.localMemory),
                                                   isCPU: try device.type == .cpu,
                                                   maxWorkItemSizes: try device.maxWorkItemSizes)
    }

    // MARK: - Process-wide cache

    /// The runtime of each device made so far, by its `cl_device_id`.
    private static let cache = Mutex<[DeviceKey: BuildOutcome<OpenCLDeviceRuntime>]>([:])

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
