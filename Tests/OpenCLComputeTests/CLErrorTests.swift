@testable import OpenCLCompute
import COpenCL
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Testing

@Suite("CLError")
struct CLErrorTests {
    @Test func namesTheCError() {
        let error = CLError(rawValue: -52)
        #expect(error == .invalidKernelArgs)
        #expect(error.name == "CL_INVALID_KERNEL_ARGS")
        #expect(error.description == "CL_INVALID_KERNEL_ARGS (-52)")
    }

    @Test func noPlatformIsTheKHRCode() {
        #expect(CLError.platformNotFound.rawValue == -1001)
        #expect(CLError.platformNotFound.name == "CL_PLATFORM_NOT_FOUND_KHR")
        #expect(CLError.platformNotFound.meansNoDevice)
        #expect(CLError.deviceNotFound.meansNoDevice)
        #expect(!CLError.invalidValue.meansNoDevice)
    }

    /// The members are COpenCL's constants, and each one's `name` is its C name: first, last
    /// and the recoverable ones of the table.
    @Test func membersAreTheHeadersConstants() {
        let members: [(CLError, cl_int, String)] = [
            (.deviceNotFound, CL_DEVICE_NOT_FOUND, "CL_DEVICE_NOT_FOUND"),
            (.memObjectAllocationFailure, CL_MEM_OBJECT_ALLOCATION_FAILURE, "CL_MEM_OBJECT_ALLOCATION_FAILURE"),
            (.outOfResources, CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"),
            (.kernelArgInfoNotAvailable, CL_KERNEL_ARG_INFO_NOT_AVAILABLE, "CL_KERNEL_ARG_INFO_NOT_AVAILABLE"),
            (.invalidValue, CL_INVALID_VALUE, "CL_INVALID_VALUE"),
            (.invalidBufferSize, CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE"),
            (.invalidDevicePartitionCount, CL_INVALID_DEVICE_PARTITION_COUNT, "CL_INVALID_DEVICE_PARTITION_COUNT"),
        ]
        for (member, constant, name) in members {
            #expect(member.rawValue == constant)
            #expect(member.name == name)
        }
    }

    @Test func unknownCodesSayUnknown() {
        #expect(CLError(rawValue: -9999).description == "CL_UNKNOWN_ERROR (-9999)")
    }

    /// Every code of OpenCL 1.2 has its own C name (no copy-paste slip in the table).
    @Test func everyOpenCL12CodeHasADistinctName() {
        let codes = Array(-19 ... -1) + Array(-68 ... -30)
        let names = codes.map { CLError(rawValue: Int32($0)).name }
        #expect(!names.contains("CL_UNKNOWN_ERROR"))
        #expect(Set(names).count == codes.count)
        #expect(names.allSatisfy { $0.hasPrefix("CL_") })
    }

    @Test func outOfResourcesKindsAreRecoverable() {
        #expect(CLError.memObjectAllocationFailure.isOutOfResources)
        #expect(CLError.outOfResources.isOutOfResources)
        #expect(CLError.outOfHostMemory.isOutOfResources)
        #expect(!CLError.invalidKernelArgs.isOutOfResources)
        #expect(!CLError.buildProgramFailure.isOutOfResources)
    }

    @Test func callErrorNamesTheCall() {
        let error = CLCallError(call: "clEnqueueNDRangeKernel", error: .invalidKernelArgs)
        #expect(error.description == "clEnqueueNDRangeKernel failed: CL_INVALID_KERNEL_ARGS (-52)")
        #expect(!error.isOutOfResources)
        #expect(CLCallError(call: "clEnqueueWriteBuffer", error: .memObjectAllocationFailure).isOutOfResources)
        // A buffer larger than the device allows is "too big for this device", recoverable.
        #expect(CLCallError(call: "clCreateBuffer", error: .invalidBufferSize).isOutOfResources)
        #expect(!CLCallError(call: "clEnqueueReadBuffer", error: .invalidBufferSize).isOutOfResources)
    }

    @Test func checkThrowsOnlyOnFailure() throws {
        try check("clFinish", 0)
        #expect(throws: CLCallError(call: "clFinish", error: .invalidCommandQueue)) { try check("clFinish", -36) }
    }

    @Test func buildErrorShowsOptionsAndLogs() {
        let error = CLBuildError(error: .buildProgramFailure, options: "-DX=1",
                                 logs: [.init(device: "dev", log: "input.cl:3:5: error: use of undeclared identifier 'y'\n")])
        #expect(error.description == """
            clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11); options: "-DX=1"
            build log for dev:
            input.cl:3:5: error: use of undeclared identifier 'y'
            """)
    }
}
