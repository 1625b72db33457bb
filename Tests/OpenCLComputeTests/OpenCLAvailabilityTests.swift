import Testing
import TestSupport

/// Runs everywhere: fails when OpenCL is missing but required (CI sets
/// `GPUGLITCH_REQUIRE_OPENCL=1`), or when OpenCL is present but broken, so that the OpenCL
/// suites can never be skipped silently.
@Suite("OpenCL availability")
struct OpenCLAvailabilityTests {
    @Test func openCLIsPresentWhereRequired() {
        #expect(OpenCLTestEnvironment.requirementFailure == nil, "\(OpenCLTestEnvironment.requirementFailure ?? "")")
    }
}
