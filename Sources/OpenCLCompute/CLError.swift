import COpenCL

/// An OpenCL error code (`cl_int`), with Swift names for the codes of OpenCL 1.2 and
/// `CL_PLATFORM_NOT_FOUND_KHR`, in the shape of swift-system's `Errno`.
///
/// A code alone does not say which call failed: the wrappers in this folder throw
/// `CLCallError`, which carries the call's name and one of these.
///
/// A user reads `name` (or the description); the code and its constructor are the wrappers'.
public struct CLError: Error, Equatable, Sendable, CustomStringConvertible {
    package let rawValue: cl_int

    package init(rawValue: cl_int) { self.rawValue = rawValue }

    /// The C name, e.g. `CL_INVALID_KERNEL_ARGS`, or `CL_UNKNOWN_ERROR` for a code this list
    /// does not know (vendor extensions).
    public var name: String { Self.names[rawValue] ?? "CL_UNKNOWN_ERROR" }

    /// The C name of every code this type has a member for: the one table, keyed by COpenCL's
    /// constants, so no number is written by hand.
    private static let names: [cl_int: String] = [
        CL_DEVICE_NOT_FOUND: "CL_DEVICE_NOT_FOUND",
        CL_DEVICE_NOT_AVAILABLE: "CL_DEVICE_NOT_AVAILABLE",
        CL_COMPILER_NOT_AVAILABLE: "CL_COMPILER_NOT_AVAILABLE",
        CL_MEM_OBJECT_ALLOCATION_FAILURE: "CL_MEM_OBJECT_ALLOCATION_FAILURE",
        CL_OUT_OF_RESOURCES: "CL_OUT_OF_RESOURCES",
        CL_OUT_OF_HOST_MEMORY: "CL_OUT_OF_HOST_MEMORY",
        CL_PROFILING_INFO_NOT_AVAILABLE: "CL_PROFILING_INFO_NOT_AVAILABLE",
        CL_MEM_COPY_OVERLAP: "CL_MEM_COPY_OVERLAP",
        CL_IMAGE_FORMAT_MISMATCH: "CL_IMAGE_FORMAT_MISMATCH",
        CL_IMAGE_FORMAT_NOT_SUPPORTED: "CL_IMAGE_FORMAT_NOT_SUPPORTED",
        CL_BUILD_PROGRAM_FAILURE: "CL_BUILD_PROGRAM_FAILURE",
        CL_MAP_FAILURE: "CL_MAP_FAILURE",
        CL_MISALIGNED_SUB_BUFFER_OFFSET: "CL_MISALIGNED_SUB_BUFFER_OFFSET",
        CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
        CL_COMPILE_PROGRAM_FAILURE: "CL_COMPILE_PROGRAM_FAILURE",
        CL_LINKER_NOT_AVAILABLE: "CL_LINKER_NOT_AVAILABLE",
        CL_LINK_PROGRAM_FAILURE: "CL_LINK_PROGRAM_FAILURE",
        CL_DEVICE_PARTITION_FAILED: "CL_DEVICE_PARTITION_FAILED",
        CL_KERNEL_ARG_INFO_NOT_AVAILABLE: "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
        CL_INVALID_VALUE: "CL_INVALID_VALUE",
        CL_INVALID_DEVICE_TYPE: "CL_INVALID_DEVICE_TYPE",
        CL_INVALID_PLATFORM: "CL_INVALID_PLATFORM",
        CL_INVALID_DEVICE: "CL_INVALID_DEVICE",
        CL_INVALID_CONTEXT: "CL_INVALID_CONTEXT",
        CL_INVALID_QUEUE_PROPERTIES: "CL_INVALID_QUEUE_PROPERTIES",
        CL_INVALID_COMMAND_QUEUE: "CL_INVALID_COMMAND_QUEUE",
        CL_INVALID_HOST_PTR: "CL_INVALID_HOST_PTR",
        CL_INVALID_MEM_OBJECT: "CL_INVALID_MEM_OBJECT",
        CL_INVALID_IMAGE_FORMAT_DESCRIPTOR: "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
        CL_INVALID_IMAGE_SIZE: "CL_INVALID_IMAGE_SIZE",
        CL_INVALID_SAMPLER: "CL_INVALID_SAMPLER",
        CL_INVALID_BINARY: "CL_INVALID_BINARY",
        CL_INVALID_BUILD_OPTIONS: "CL_INVALID_BUILD_OPTIONS",
        CL_INVALID_PROGRAM: "CL_INVALID_PROGRAM",
        CL_INVALID_PROGRAM_EXECUTABLE: "CL_INVALID_PROGRAM_EXECUTABLE",
        CL_INVALID_KERNEL_NAME: "CL_INVALID_KERNEL_NAME",
        CL_INVALID_KERNEL_DEFINITION: "CL_INVALID_KERNEL_DEFINITION",
        CL_INVALID_KERNEL: "CL_INVALID_KERNEL",
        CL_INVALID_ARG_INDEX: "CL_INVALID_ARG_INDEX",
        CL_INVALID_ARG_VALUE: "CL_INVALID_ARG_VALUE",
        CL_INVALID_ARG_SIZE: "CL_INVALID_ARG_SIZE",
        CL_INVALID_KERNEL_ARGS: "CL_INVALID_KERNEL_ARGS",
        CL_INVALID_WORK_DIMENSION: "CL_INVALID_WORK_DIMENSION",
        CL_INVALID_WORK_GROUP_SIZE: "CL_INVALID_WORK_GROUP_SIZE",
        CL_INVALID_WORK_ITEM_SIZE: "CL_INVALID_WORK_ITEM_SIZE",
        CL_INVALID_GLOBAL_OFFSET: "CL_INVALID_GLOBAL_OFFSET",
        CL_INVALID_EVENT_WAIT_LIST: "CL_INVALID_EVENT_WAIT_LIST",
        CL_INVALID_EVENT: "CL_INVALID_EVENT",
        CL_INVALID_OPERATION: "CL_INVALID_OPERATION",
        CL_INVALID_GL_OBJECT: "CL_INVALID_GL_OBJECT",
        CL_INVALID_BUFFER_SIZE: "CL_INVALID_BUFFER_SIZE",
        CL_INVALID_MIP_LEVEL: "CL_INVALID_MIP_LEVEL",
        CL_INVALID_GLOBAL_WORK_SIZE: "CL_INVALID_GLOBAL_WORK_SIZE",
        CL_INVALID_PROPERTY: "CL_INVALID_PROPERTY",
        CL_INVALID_IMAGE_DESCRIPTOR: "CL_INVALID_IMAGE_DESCRIPTOR",
        CL_INVALID_COMPILER_OPTIONS: "CL_INVALID_COMPILER_OPTIONS",
        CL_INVALID_LINKER_OPTIONS: "CL_INVALID_LINKER_OPTIONS",
        CL_INVALID_DEVICE_PARTITION_COUNT: "CL_INVALID_DEVICE_PARTITION_COUNT",
        platformNotFoundKHR: "CL_PLATFORM_NOT_FOUND_KHR",
    ]

    /// `CL_PLATFORM_NOT_FOUND_KHR` (the ICD loader's "no platform") is defined in cl_ext.h, which
    /// COpenCL does not include: the one code written out here.
    private static let platformNotFoundKHR: cl_int = -1001

    /// E.g. `CL_INVALID_KERNEL_ARGS (-52)`.
    public var description: String { "\(name) (\(rawValue))" }

    /// Whether the device or the host ran out of memory or resources: a condition a caller can
    /// recover from (run that image on the CPU instead), unlike an invalid argument, which is
    /// a bug (the error kinds pyopencl sorts codes into).
    package var isOutOfResources: Bool {
        self == .memObjectAllocationFailure || self == .outOfResources || self == .outOfHostMemory
    }

    /// Whether the code means "there is no OpenCL device here", an answer rather than a fault.
    package var meansNoDevice: Bool { self == .platformNotFound || self == .deviceNotFound }

    /// No device of the requested type exists.
    ///
    /// The corresponding C error is `CL_DEVICE_NOT_FOUND`.
    package static var deviceNotFound: CLError { CLError(rawValue: CL_DEVICE_NOT_FOUND) }

    /// The device is currently not available.
    ///
    /// The corresponding C error is `CL_DEVICE_NOT_AVAILABLE`.
    package static var deviceNotAvailable: CLError { CLError(rawValue: CL_DEVICE_NOT_AVAILABLE) }

    /// The platform has no OpenCL C compiler.
    ///
    /// The corresponding C error is `CL_COMPILER_NOT_AVAILABLE`.
    package static var compilerNotAvailable: CLError { CLError(rawValue: CL_COMPILER_NOT_AVAILABLE) }

    /// Device memory for a buffer could not be allocated.
    ///
    /// The corresponding C error is `CL_MEM_OBJECT_ALLOCATION_FAILURE`.
    package static var memObjectAllocationFailure: CLError { CLError(rawValue: CL_MEM_OBJECT_ALLOCATION_FAILURE) }

    /// The device ran out of resources.
    ///
    /// The corresponding C error is `CL_OUT_OF_RESOURCES`.
    package static var outOfResources: CLError { CLError(rawValue: CL_OUT_OF_RESOURCES) }

    /// The OpenCL implementation ran out of host memory.
    ///
    /// The corresponding C error is `CL_OUT_OF_HOST_MEMORY`.
    package static var outOfHostMemory: CLError { CLError(rawValue: CL_OUT_OF_HOST_MEMORY) }

    /// Profiling information is not available (queue without profiling, or command not finished).
    ///
    /// The corresponding C error is `CL_PROFILING_INFO_NOT_AVAILABLE`.
    package static var profilingInfoNotAvailable: CLError { CLError(rawValue: CL_PROFILING_INFO_NOT_AVAILABLE) }

    /// Source and destination regions of a copy overlap.
    ///
    /// The corresponding C error is `CL_MEM_COPY_OVERLAP`.
    package static var memCopyOverlap: CLError { CLError(rawValue: CL_MEM_COPY_OVERLAP) }

    /// Source and destination images have different formats.
    ///
    /// The corresponding C error is `CL_IMAGE_FORMAT_MISMATCH`.
    package static var imageFormatMismatch: CLError { CLError(rawValue: CL_IMAGE_FORMAT_MISMATCH) }

    /// The image format is not supported.
    ///
    /// The corresponding C error is `CL_IMAGE_FORMAT_NOT_SUPPORTED`.
    package static var imageFormatNotSupported: CLError { CLError(rawValue: CL_IMAGE_FORMAT_NOT_SUPPORTED) }

    /// Building the program failed; the build log says why.
    ///
    /// The corresponding C error is `CL_BUILD_PROGRAM_FAILURE`.
    package static var buildProgramFailure: CLError { CLError(rawValue: CL_BUILD_PROGRAM_FAILURE) }

    /// Mapping a memory object failed.
    ///
    /// The corresponding C error is `CL_MAP_FAILURE`.
    package static var mapFailure: CLError { CLError(rawValue: CL_MAP_FAILURE) }

    /// A sub-buffer offset is not aligned for the device.
    ///
    /// The corresponding C error is `CL_MISALIGNED_SUB_BUFFER_OFFSET`.
    package static var misalignedSubBufferOffset: CLError { CLError(rawValue: CL_MISALIGNED_SUB_BUFFER_OFFSET) }

    /// An event in the wait list ended in error.
    ///
    /// The corresponding C error is `CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST`.
    package static var execStatusErrorForEventsInWaitList: CLError { CLError(rawValue: CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) }

    /// Compiling the program failed.
    ///
    /// The corresponding C error is `CL_COMPILE_PROGRAM_FAILURE`.
    package static var compileProgramFailure: CLError { CLError(rawValue: CL_COMPILE_PROGRAM_FAILURE) }

    /// The platform has no linker.
    ///
    /// The corresponding C error is `CL_LINKER_NOT_AVAILABLE`.
    package static var linkerNotAvailable: CLError { CLError(rawValue: CL_LINKER_NOT_AVAILABLE) }

    /// Linking the program failed.
    ///
    /// The corresponding C error is `CL_LINK_PROGRAM_FAILURE`.
    package static var linkProgramFailure: CLError { CLError(rawValue: CL_LINK_PROGRAM_FAILURE) }

    /// Partitioning the device failed.
    ///
    /// The corresponding C error is `CL_DEVICE_PARTITION_FAILED`.
    package static var devicePartitionFailed: CLError { CLError(rawValue: CL_DEVICE_PARTITION_FAILED) }

    /// Kernel argument information is not available.
    ///
    /// The corresponding C error is `CL_KERNEL_ARG_INFO_NOT_AVAILABLE`.
    package static var kernelArgInfoNotAvailable: CLError { CLError(rawValue: CL_KERNEL_ARG_INFO_NOT_AVAILABLE) }

    /// An argument has an invalid value.
    ///
    /// The corresponding C error is `CL_INVALID_VALUE`.
    package static var invalidValue: CLError { CLError(rawValue: CL_INVALID_VALUE) }

    /// The device type is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_DEVICE_TYPE`.
    package static var invalidDeviceType: CLError { CLError(rawValue: CL_INVALID_DEVICE_TYPE) }

    /// The platform is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_PLATFORM`.
    package static var invalidPlatform: CLError { CLError(rawValue: CL_INVALID_PLATFORM) }

    /// The device is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_DEVICE`.
    package static var invalidDevice: CLError { CLError(rawValue: CL_INVALID_DEVICE) }

    /// The context is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_CONTEXT`.
    package static var invalidContext: CLError { CLError(rawValue: CL_INVALID_CONTEXT) }

    /// The command-queue properties are not supported by the device.
    ///
    /// The corresponding C error is `CL_INVALID_QUEUE_PROPERTIES`.
    package static var invalidQueueProperties: CLError { CLError(rawValue: CL_INVALID_QUEUE_PROPERTIES) }

    /// The command queue is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_COMMAND_QUEUE`.
    package static var invalidCommandQueue: CLError { CLError(rawValue: CL_INVALID_COMMAND_QUEUE) }

    /// The host pointer and memory flags do not agree.
    ///
    /// The corresponding C error is `CL_INVALID_HOST_PTR`.
    package static var invalidHostPtr: CLError { CLError(rawValue: CL_INVALID_HOST_PTR) }

    /// The memory object is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_MEM_OBJECT`.
    package static var invalidMemObject: CLError { CLError(rawValue: CL_INVALID_MEM_OBJECT) }

    /// The image format descriptor is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_IMAGE_FORMAT_DESCRIPTOR`.
    package static var invalidImageFormatDescriptor: CLError { CLError(rawValue: CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) }

    /// The image size is not supported.
    ///
    /// The corresponding C error is `CL_INVALID_IMAGE_SIZE`.
    package static var invalidImageSize: CLError { CLError(rawValue: CL_INVALID_IMAGE_SIZE) }

    /// The sampler is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_SAMPLER`.
    package static var invalidSampler: CLError { CLError(rawValue: CL_INVALID_SAMPLER) }

    /// The program binary is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_BINARY`.
    package static var invalidBinary: CLError { CLError(rawValue: CL_INVALID_BINARY) }

    /// The build options are not valid.
    ///
    /// The corresponding C error is `CL_INVALID_BUILD_OPTIONS`.
    package static var invalidBuildOptions: CLError { CLError(rawValue: CL_INVALID_BUILD_OPTIONS) }

    /// The program is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_PROGRAM`.
    package static var invalidProgram: CLError { CLError(rawValue: CL_INVALID_PROGRAM) }

    /// The program has no successfully built executable for the device.
    ///
    /// The corresponding C error is `CL_INVALID_PROGRAM_EXECUTABLE`.
    package static var invalidProgramExecutable: CLError { CLError(rawValue: CL_INVALID_PROGRAM_EXECUTABLE) }

    /// No kernel of that name exists in the program.
    ///
    /// The corresponding C error is `CL_INVALID_KERNEL_NAME`.
    package static var invalidKernelName: CLError { CLError(rawValue: CL_INVALID_KERNEL_NAME) }

    /// The kernel's definition differs between devices.
    ///
    /// The corresponding C error is `CL_INVALID_KERNEL_DEFINITION`.
    package static var invalidKernelDefinition: CLError { CLError(rawValue: CL_INVALID_KERNEL_DEFINITION) }

    /// The kernel is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_KERNEL`.
    package static var invalidKernel: CLError { CLError(rawValue: CL_INVALID_KERNEL) }

    /// The kernel argument index is out of range.
    ///
    /// The corresponding C error is `CL_INVALID_ARG_INDEX`.
    package static var invalidArgIndex: CLError { CLError(rawValue: CL_INVALID_ARG_INDEX) }

    /// The kernel argument value is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_ARG_VALUE`.
    package static var invalidArgValue: CLError { CLError(rawValue: CL_INVALID_ARG_VALUE) }

    /// The kernel argument size does not match the parameter's type.
    ///
    /// The corresponding C error is `CL_INVALID_ARG_SIZE`.
    package static var invalidArgSize: CLError { CLError(rawValue: CL_INVALID_ARG_SIZE) }

    /// Some kernel arguments were not set.
    ///
    /// The corresponding C error is `CL_INVALID_KERNEL_ARGS`.
    package static var invalidKernelArgs: CLError { CLError(rawValue: CL_INVALID_KERNEL_ARGS) }

    /// The number of work dimensions is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_WORK_DIMENSION`.
    package static var invalidWorkDimension: CLError { CLError(rawValue: CL_INVALID_WORK_DIMENSION) }

    /// The work-group size is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_WORK_GROUP_SIZE`.
    package static var invalidWorkGroupSize: CLError { CLError(rawValue: CL_INVALID_WORK_GROUP_SIZE) }

    /// A work-item size exceeds the device's limit.
    ///
    /// The corresponding C error is `CL_INVALID_WORK_ITEM_SIZE`.
    package static var invalidWorkItemSize: CLError { CLError(rawValue: CL_INVALID_WORK_ITEM_SIZE) }

    /// The global offset is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_GLOBAL_OFFSET`.
    package static var invalidGlobalOffset: CLError { CLError(rawValue: CL_INVALID_GLOBAL_OFFSET) }

    /// The event wait list is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_EVENT_WAIT_LIST`.
    package static var invalidEventWaitList: CLError { CLError(rawValue: CL_INVALID_EVENT_WAIT_LIST) }

    /// The event is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_EVENT`.
    package static var invalidEvent: CLError { CLError(rawValue: CL_INVALID_EVENT) }

    /// The operation is not valid in this state.
    ///
    /// The corresponding C error is `CL_INVALID_OPERATION`.
    package static var invalidOperation: CLError { CLError(rawValue: CL_INVALID_OPERATION) }

    /// The OpenGL object is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_GL_OBJECT`.
    package static var invalidGLObject: CLError { CLError(rawValue: CL_INVALID_GL_OBJECT) }

    /// The buffer size is 0 or exceeds the device's maximum allocation.
    ///
    /// The corresponding C error is `CL_INVALID_BUFFER_SIZE`.
    package static var invalidBufferSize: CLError { CLError(rawValue: CL_INVALID_BUFFER_SIZE) }

    /// The mip level is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_MIP_LEVEL`.
    package static var invalidMipLevel: CLError { CLError(rawValue: CL_INVALID_MIP_LEVEL) }

    /// The global work size is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_GLOBAL_WORK_SIZE`.
    package static var invalidGlobalWorkSize: CLError { CLError(rawValue: CL_INVALID_GLOBAL_WORK_SIZE) }

    /// A property name or value is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_PROPERTY`.
    package static var invalidProperty: CLError { CLError(rawValue: CL_INVALID_PROPERTY) }

    /// The image descriptor is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_IMAGE_DESCRIPTOR`.
    package static var invalidImageDescriptor: CLError { CLError(rawValue: CL_INVALID_IMAGE_DESCRIPTOR) }

    /// The compiler options are not valid.
    ///
    /// The corresponding C error is `CL_INVALID_COMPILER_OPTIONS`.
    package static var invalidCompilerOptions: CLError { CLError(rawValue: CL_INVALID_COMPILER_OPTIONS) }

    /// The linker options are not valid.
    ///
    /// The corresponding C error is `CL_INVALID_LINKER_OPTIONS`.
    package static var invalidLinkerOptions: CLError { CLError(rawValue: CL_INVALID_LINKER_OPTIONS) }

    /// The device partition count is not valid.
    ///
    /// The corresponding C error is `CL_INVALID_DEVICE_PARTITION_COUNT`.
    package static var invalidDevicePartitionCount: CLError { CLError(rawValue: CL_INVALID_DEVICE_PARTITION_COUNT) }

    /// No OpenCL platform is installed (the ICD loader found no vendor library).
    ///
    /// The corresponding C error is `CL_PLATFORM_NOT_FOUND_KHR`.
    package static var platformNotFound: CLError { CLError(rawValue: platformNotFoundKHR) }
}
