/// An OpenCL error code (`cl_int`), with Swift names for the codes of OpenCL 1.2 and
/// `CL_PLATFORM_NOT_FOUND_KHR`, in the shape of swift-system's `Errno`.
///
/// A code alone does not say which call failed: the wrappers in this folder throw
/// `CLCallError`, which carries the call's name and one of these.
public struct CLError: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The C name, e.g. `CL_INVALID_KERNEL_ARGS`, or `CL_UNKNOWN_ERROR` for a code this list
    /// does not know (vendor extensions).
    public var name: String {
        switch rawValue {
        case -1: "CL_DEVICE_NOT_FOUND"
        case -2: "CL_DEVICE_NOT_AVAILABLE"
        case -3: "CL_COMPILER_NOT_AVAILABLE"
        case -4: "CL_MEM_OBJECT_ALLOCATION_FAILURE"
        case -5: "CL_OUT_OF_RESOURCES"
        case -6: "CL_OUT_OF_HOST_MEMORY"
        case -7: "CL_PROFILING_INFO_NOT_AVAILABLE"
        case -8: "CL_MEM_COPY_OVERLAP"
        case -9: "CL_IMAGE_FORMAT_MISMATCH"
        case -10: "CL_IMAGE_FORMAT_NOT_SUPPORTED"
        case -11: "CL_BUILD_PROGRAM_FAILURE"
        case -12: "CL_MAP_FAILURE"
        case -13: "CL_MISALIGNED_SUB_BUFFER_OFFSET"
        case -14: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"
        case -15: "CL_COMPILE_PROGRAM_FAILURE"
        case -16: "CL_LINKER_NOT_AVAILABLE"
        case -17: "CL_LINK_PROGRAM_FAILURE"
        case -18: "CL_DEVICE_PARTITION_FAILED"
        case -19: "CL_KERNEL_ARG_INFO_NOT_AVAILABLE"
        case -30: "CL_INVALID_VALUE"
        case -31: "CL_INVALID_DEVICE_TYPE"
        case -32: "CL_INVALID_PLATFORM"
        case -33: "CL_INVALID_DEVICE"
        case -34: "CL_INVALID_CONTEXT"
        case -35: "CL_INVALID_QUEUE_PROPERTIES"
        case -36: "CL_INVALID_COMMAND_QUEUE"
        case -37: "CL_INVALID_HOST_PTR"
        case -38: "CL_INVALID_MEM_OBJECT"
        case -39: "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"
        case -40: "CL_INVALID_IMAGE_SIZE"
        case -41: "CL_INVALID_SAMPLER"
        case -42: "CL_INVALID_BINARY"
        case -43: "CL_INVALID_BUILD_OPTIONS"
        case -44: "CL_INVALID_PROGRAM"
        case -45: "CL_INVALID_PROGRAM_EXECUTABLE"
        case -46: "CL_INVALID_KERNEL_NAME"
        case -47: "CL_INVALID_KERNEL_DEFINITION"
        case -48: "CL_INVALID_KERNEL"
        case -49: "CL_INVALID_ARG_INDEX"
        case -50: "CL_INVALID_ARG_VALUE"
        case -51: "CL_INVALID_ARG_SIZE"
        case -52: "CL_INVALID_KERNEL_ARGS"
        case -53: "CL_INVALID_WORK_DIMENSION"
        case -54: "CL_INVALID_WORK_GROUP_SIZE"
        case -55: "CL_INVALID_WORK_ITEM_SIZE"
        case -56: "CL_INVALID_GLOBAL_OFFSET"
        case -57: "CL_INVALID_EVENT_WAIT_LIST"
        case -58: "CL_INVALID_EVENT"
        case -59: "CL_INVALID_OPERATION"
        case -60: "CL_INVALID_GL_OBJECT"
        case -61: "CL_INVALID_BUFFER_SIZE"
        case -62: "CL_INVALID_MIP_LEVEL"
        case -63: "CL_INVALID_GLOBAL_WORK_SIZE"
        case -64: "CL_INVALID_PROPERTY"
        case -65: "CL_INVALID_IMAGE_DESCRIPTOR"
        case -66: "CL_INVALID_COMPILER_OPTIONS"
        case -67: "CL_INVALID_LINKER_OPTIONS"
        case -68: "CL_INVALID_DEVICE_PARTITION_COUNT"
        case -1001: "CL_PLATFORM_NOT_FOUND_KHR"
        default: "CL_UNKNOWN_ERROR"
        }
    }

    /// E.g. `CL_INVALID_KERNEL_ARGS (-52)`.
    public var description: String { "\(name) (\(rawValue))" }

    /// Whether the device or the host ran out of memory or resources: a condition a caller can
    /// recover from (run that image on the CPU instead), unlike an invalid argument, which is
    /// a bug (the error kinds pyopencl sorts codes into).
    public var isOutOfResources: Bool {
        self == .memObjectAllocationFailure || self == .outOfResources || self == .outOfHostMemory
    }

    /// Whether the code means "there is no OpenCL device here", an answer rather than a fault.
    public var meansNoDevice: Bool { self == .platformNotFound || self == .deviceNotFound }

    /// No device of the requested type exists.
    ///
    /// The corresponding C error is `CL_DEVICE_NOT_FOUND`.
    public static var deviceNotFound: CLError { CLError(rawValue: -1) }

    /// The device is currently not available.
    ///
    /// The corresponding C error is `CL_DEVICE_NOT_AVAILABLE`.
    public static var deviceNotAvailable: CLError { CLError(rawValue: -2) }

    /// The platform has no OpenCL C compiler.
    ///
    /// The corresponding C error is `CL_COMPILER_NOT_AVAILABLE`.
    public static var compilerNotAvailable: CLError { CLError(rawValue: -3) }

    /// Device memory for a buffer could not be allocated.
    ///
    /// The corresponding C error is `CL_MEM_OBJECT_ALLOCATION_FAILURE`.
    public static var memObjectAllocationFailure: CLError { CLError(rawValue: -4) }

    /// The device ran out of resources.
    ///
    /// The corresponding C error is `CL_OUT_OF_RESOURCES`.
    public static var outOfResources: CLError { CLError(rawValue: -5) }

    /// The OpenCL implementation ran out of host memory.
    ///
    /// The corresponding C error is `CL_OUT_OF_HOST_MEMORY`.
    public static var outOfHostMemory: CLError { CLError(rawValue: -6) }

    /// Profiling information is not available (queue without profiling, or command not finished).
    ///
    /// The corresponding C error is `CL_PROFILING_INFO_NOT_AVAILABLE`.
    public static var profilingInfoNotAvailable: CLError { CLError(rawValue: -7) }

    /// Source and destination regions of a copy overlap.
    ///
    /// The corresponding C error is `CL_MEM_COPY_OVERLAP`.
    public static var memCopyOverlap: CLError { CLError(rawValue: -8) }

    /// Source and destination images have different formats.
    ///
    /// The corresponding C error is `CL_IMAGE_FORMAT_MISMATCH`.
    public static var imageFormatMismatch: CLError { CLError(rawValue: -9) }

    /// The image format is not supported.
    ///
    /// The corresponding C error is `CL_IMAGE_FORMAT_NOT_SUPPORTED`.
    public static var imageFormatNotSupported: CLError { CLError(rawValue: -10) }

    /// Building the program failed; the build log says why.
    ///
    /// The corresponding C error is `CL_BUILD_PROGRAM_FAILURE`.
    public static var buildProgramFailure: CLError { CLError(rawValue: -11) }

    /// Mapping a memory object failed.
    ///
    /// The corresponding C error is `CL_MAP_FAILURE`.
    public static var mapFailure: CLError { CLError(rawValue: -12) }

    /// A sub-buffer offset is not aligned for the device.
    ///
    /// The corresponding C error is `CL_MISALIGNED_SUB_BUFFER_OFFSET`.
    public static var misalignedSubBufferOffset: CLError { CLError(rawValue: -13) }

    /// An event in the wait list ended in error.
    ///
    /// The corresponding C error is `CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST`.
    public static var execStatusErrorForEventsInWaitList: CLError { CLError(rawValue: -14) }

    /// Compiling the program failed.
    ///
    /// The corresponding C error is `CL_COMPILE_PROGRAM_FAILURE`.
    public static var compileProgramFailure: CLError { CLError(rawValue: -15) }

    /// The platform has no linker.
    ///
    /// The corresponding C error is `CL_LINKER_NOT_AVAILABLE`.
    public static var linkerNotAvailable: CLError { CLError(rawValue: -16) }

    /// Linking the program failed.
    ///
    /// The corresponding C error is `CL_LINK_PROGRAM_FAILURE`.
    public static var linkProgramFailure: CLError { CLError(rawValue: -17) }

    /// Partitioning the device failed.
    ///
    /// The corresponding C error is `CL_DEVICE_PARTITION_FAILED`.
    public static var devicePartitionFailed: CLError { CLError(rawValue: -18) }

    /// Kernel argument information is not available.
    ///
    /// The corresponding C error is `CL_KERNEL_ARG_INFO_NOT_AVAILABLE`.
    public static var kernelArgInfoNotAvailable: CLError { CLError(rawValue: -19) }

    /// An argument has an invalid value.
    ///
    /// The corresponding C error is `CL_INVALID_VALUE`.
    public static var invalidValue: CLError { CLError(rawValue: -30) }

    /// The device type is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_DEVICE_TYPE`.
    public static var invalidDeviceType: CLError { CLError(rawValue: -31) }

    /// The platform is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_PLATFORM`.
    public static var invalidPlatform: CLError { CLError(rawValue: -32) }

    /// The device is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_DEVICE`.
    public static var invalidDevice: CLError { CLError(rawValue: -33) }

    /// The context is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_CONTEXT`.
    public static var invalidContext: CLError { CLError(rawValue: -34) }

    /// The command-queue properties are not supported by the device.
    ///
    /// The corresponding C error is `CL_INVALID_QUEUE_PROPERTIES`.
    public static var invalidQueueProperties: CLError { CLError(rawValue: -35) }

    /// The command queue is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_COMMAND_QUEUE`.
    public static var invalidCommandQueue: CLError { CLError(rawValue: -36) }

    /// The host pointer and memory flags do not agree.
    ///
    /// The corresponding C error is `CL_INVALID_HOST_PTR`.
    public static var invalidHostPtr: CLError { CLError(rawValue: -37) }

    /// The memory object is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_MEM_OBJECT`.
    public static var invalidMemObject: CLError { CLError(rawValue: -38) }

    /// The image format descriptor is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_IMAGE_FORMAT_DESCRIPTOR`.
    public static var invalidImageFormatDescriptor: CLError { CLError(rawValue: -39) }

    /// The image size is not supported.
    ///
    /// The corresponding C error is `CL_INVALID_IMAGE_SIZE`.
    public static var invalidImageSize: CLError { CLError(rawValue: -40) }

    /// The sampler is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_SAMPLER`.
    public static var invalidSampler: CLError { CLError(rawValue: -41) }

    /// The program binary is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_BINARY`.
    public static var invalidBinary: CLError { CLError(rawValue: -42) }

    /// The build options are not valid.
    ///
    /// The corresponding C error is `CL_INVALID_BUILD_OPTIONS`.
    public static var invalidBuildOptions: CLError { CLError(rawValue: -43) }

    /// The program is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_PROGRAM`.
    public static var invalidProgram: CLError { CLError(rawValue: -44) }

    /// The program has no successfully built executable for the device.
    ///
    /// The corresponding C error is `CL_INVALID_PROGRAM_EXECUTABLE`.
    public static var invalidProgramExecutable: CLError { CLError(rawValue: -45) }

    /// No kernel of that name exists in the program.
    ///
    /// The corresponding C error is `CL_INVALID_KERNEL_NAME`.
    public static var invalidKernelName: CLError { CLError(rawValue: -46) }

    /// The kernel's definition differs between devices.
    ///
    /// The corresponding C error is `CL_INVALID_KERNEL_DEFINITION`.
    public static var invalidKernelDefinition: CLError { CLError(rawValue: -47) }

    /// The kernel is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_KERNEL`.
    public static var invalidKernel: CLError { CLError(rawValue: -48) }

    /// The kernel argument index is out of range.
    ///
    /// The corresponding C error is `CL_INVALID_ARG_INDEX`.
    public static var invalidArgIndex: CLError { CLError(rawValue: -49) }

    /// The kernel argument value is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_ARG_VALUE`.
    public static var invalidArgValue: CLError { CLError(rawValue: -50) }

    /// The kernel argument size does not match the parameter's type.
    ///
    /// The corresponding C error is `CL_INVALID_ARG_SIZE`.
    public static var invalidArgSize: CLError { CLError(rawValue: -51) }

    /// Some kernel arguments were not set.
    ///
    /// The corresponding C error is `CL_INVALID_KERNEL_ARGS`.
    public static var invalidKernelArgs: CLError { CLError(rawValue: -52) }

    /// The number of work dimensions is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_WORK_DIMENSION`.
    public static var invalidWorkDimension: CLError { CLError(rawValue: -53) }

    /// The work-group size is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_WORK_GROUP_SIZE`.
    public static var invalidWorkGroupSize: CLError { CLError(rawValue: -54) }

    /// A work-item size exceeds the device's limit.
    ///
    /// The corresponding C error is `CL_INVALID_WORK_ITEM_SIZE`.
    public static var invalidWorkItemSize: CLError { CLError(rawValue: -55) }

    /// The global offset is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_GLOBAL_OFFSET`.
    public static var invalidGlobalOffset: CLError { CLError(rawValue: -56) }

    /// The event wait list is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_EVENT_WAIT_LIST`.
    public static var invalidEventWaitList: CLError { CLError(rawValue: -57) }

    /// The event is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_EVENT`.
    public static var invalidEvent: CLError { CLError(rawValue: -58) }

    /// The operation is not valid in this state.
    ///
    /// The corresponding C error is `CL_INVALID_OPERATION`.
    public static var invalidOperation: CLError { CLError(rawValue: -59) }

    /// The OpenGL object is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_GL_OBJECT`.
    public static var invalidGLObject: CLError { CLError(rawValue: -60) }

    /// The buffer size is 0 or exceeds the device's maximum allocation.
    ///
    /// The corresponding C error is `CL_INVALID_BUFFER_SIZE`.
    public static var invalidBufferSize: CLError { CLError(rawValue: -61) }

    /// The mip level is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_MIP_LEVEL`.
    public static var invalidMipLevel: CLError { CLError(rawValue: -62) }

    /// The global work size is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_GLOBAL_WORK_SIZE`.
    public static var invalidGlobalWorkSize: CLError { CLError(rawValue: -63) }

    /// A property name or value is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_PROPERTY`.
    public static var invalidProperty: CLError { CLError(rawValue: -64) }

    /// The image descriptor is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_IMAGE_DESCRIPTOR`.
    public static var invalidImageDescriptor: CLError { CLError(rawValue: -65) }

    /// The compiler options are not valid.
    ///
    /// The corresponding C error is `CL_INVALID_COMPILER_OPTIONS`.
    public static var invalidCompilerOptions: CLError { CLError(rawValue: -66) }

    /// The linker options are not valid.
    ///
    /// The corresponding C error is `CL_INVALID_LINKER_OPTIONS`.
    public static var invalidLinkerOptions: CLError { CLError(rawValue: -67) }

    /// The device partition count is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_DEVICE_PARTITION_COUNT`.
    public static var invalidDevicePartitionCount: CLError { CLError(rawValue: -68) }

    /// No OpenCL platform is installed (the ICD loader found no vendor library).
    ///
    /// The corresponding C error is `CL_PLATFORM_NOT_FOUND_KHR`.
    public static var platformNotFound: CLError { CLError(rawValue: -1001) }
}
