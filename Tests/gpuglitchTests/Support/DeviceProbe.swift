import Foundation

/// Whether this machine has an OpenCL device, asked the way a user would: `--device opencl`
/// exits 3 when there is none (and 1 here, for the missing input, when there is one).
enum DeviceProbe {
    static let openCLPresent: Bool = {
        guard let folder = try? TemporaryFolder(),
              let result = try? CommandRunner(in: folder.url)
                .run(["process", "no-such-input.png", "--output", "out", "--device", "opencl"])
        else { return false }
        return result.status != 3
    }()

    /// An environment in which the OpenCL ICD loader finds no vendor: a machine without
    /// OpenCL, as far as the tool can tell (`OCL_ICD_VENDORS` pointing at an empty folder).
    static func withoutOpenCL(_ emptyFolder: TemporaryFolder) throws -> [String: String?] {
        ["OCL_ICD_VENDORS": try emptyFolder.makeFolder("no-icd-vendors")]
    }
}
