@testable import ComputeDevices
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import OpenCLCompute
import Testing

@Suite("Device requests")
struct DeviceRequestTests {
    @Test(arguments: [("auto", DeviceRequest.auto), ("cpu", .cpu), ("opencl", .opencl), ("gpu", .gpu),
                      ("opencl:0", .openclIndex(0)), ("opencl:12", .openclIndex(12)),
                      (" OpenCL:3 ", .openclIndex(3)), ("GPU", .gpu), ("Auto", .auto)])
    func parses(text: String, request: DeviceRequest) throws {
        #expect(try DeviceRequest(parsing: text) == request)
        #expect(try DeviceRequest(parsing: request.description) == request)
    }

    @Test(arguments: ["", "opencl:", "opencl:-1", "opencl:x", "opencl:+1", "gpu:0", "cuda", "opencl 1", "opencl:١"])
    func rejects(text: String) {
        #expect(throws: DeviceRequestError(text: text, variable: nil)) { try DeviceRequest(parsing: text) }
    }

    @Test func errorListsTheAcceptedForms() {
        #expect(DeviceRequestError(text: "cuda", variable: nil).description
                == "invalid device 'cuda' (expected auto, cpu, opencl, opencl:N or gpu)")
        #expect(DeviceRequestError(text: "cuda", variable: "GPUGLITCH_DEVICE").description
                == "GPUGLITCH_DEVICE: invalid device 'cuda' (expected auto, cpu, opencl, opencl:N or gpu)")
    }

    @Test func readsTheEnvironment() throws {
        #expect(try DeviceRequest.fromEnvironment([:]) == nil)
        #expect(try DeviceRequest.fromEnvironment(["GPUGLITCH_DEVICE": " "]) == nil)
        #expect(try DeviceRequest.fromEnvironment(["GPUGLITCH_DEVICE": "opencl:1"]) == .openclIndex(1))
        #expect(try DeviceRequest.fromEnvironment(["GPUGLITCH_DEVICE": "cpu", "OTHER": "gpu"]) == .cpu)
        #expect(throws: DeviceRequestError(text: "fast", variable: "GPUGLITCH_DEVICE")) {
            try DeviceRequest.fromEnvironment(["GPUGLITCH_DEVICE": "fast"])
        }
    }
}
