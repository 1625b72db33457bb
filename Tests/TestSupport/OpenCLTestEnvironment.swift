import CPUCompute
import Foundation
import GPUOps
import OpenCLCompute

/// Whether this machine has an OpenCL device for the tests, and whether it is allowed not to.
///
/// OpenCL tests carry `.enabled(if: OpenCLTestEnvironment.isAvailable, ...)`. They may be
/// skipped only where OpenCL is plainly absent (no platform: no ICD installed, or
/// `OCL_ICD_VENDORS` naming an empty folder) and `GPUGLITCH_REQUIRE_OPENCL` is unset. CI sets
/// `GPUGLITCH_REQUIRE_OPENCL=1`; then `requirementFailure` turns a missing device into a
/// failing test instead of a silent skip. A platform that lists no device, or an OpenCL call
/// that fails, is never a reason to skip.
public enum OpenCLTestEnvironment {
    /// What the OpenCL runtime answered.
    public enum Status: Sendable {
        /// Devices, in `opencl:N` order.
        case available([String])
        /// No OpenCL platform at all.
        case noPlatform
        /// Platforms but no device, or an OpenCL call failed.
        case broken(String)
    }

    /// The POCL kernel cache every test process and every child `gpuglitch` uses: the
    /// environment's `POCL_CACHE_DIR` (the Makefile and CI set one under .build), else a
    /// private folder under the temporary directory. Without a writable cache POCL reports no
    /// device at all.
    public static let poclCacheDirectory: String = {
        if let set = ProcessInfo.processInfo.environment["POCL_CACHE_DIR"], !set.isEmpty { return set }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpuglitch-tests-pocl-cache-\(getuid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        setenv("POCL_CACHE_DIR", folder.path, 0)
        return folder.path
    }()

    /// Probed once per test process, the one OpenCL probe of the test suites (the end-to-end
    /// tests ask it too, rather than probing through the binary).
    public static let status: Status = {
        _ = poclCacheDirectory
        do {
            let platforms = try CLPlatform.all()
            if platforms.isEmpty { return .noPlatform }
            let devices = try CLDevice.all()
            if devices.isEmpty {
                let names = platforms.map { (try? $0.name) ?? "?" }.joined(separator: ", ")
                return .broken("OpenCL platforms without devices: \(names)")
            }
            return .available(devices.map { (try? $0.name) ?? "?" })
        } catch {
            return .broken("OpenCL failed: \(error)")
        }
    }()

    /// Whether an OpenCL device exists.
    public static var isAvailable: Bool {
        if case .available = status { return true }
        return false
    }

    /// Whether the environment demands OpenCL (`GPUGLITCH_REQUIRE_OPENCL` set, and not `0`).
    public static var isRequired: Bool {
        guard let value = ProcessInfo.processInfo.environment["GPUGLITCH_REQUIRE_OPENCL"] else { return false }
        return !value.isEmpty && value != "0"
    }

    /// Why the OpenCL tests may not be skipped here, or nil when they run or may be skipped.
    public static var requirementFailure: String? {
        switch status {
        case .available:
            return nil
        case .noPlatform:
            return isRequired ? "GPUGLITCH_REQUIRE_OPENCL is set but there is no OpenCL platform\(icdNote)" : nil
        case .broken(let reason):
            return reason + icdNote
        }
    }

    /// The message the skipped tests show.
    public static let skipMessage = "no OpenCL platform\(icdNote); set GPUGLITCH_REQUIRE_OPENCL=1 to make this a failure"

    private static var icdNote: String {
        ProcessInfo.processInfo.environment["OCL_ICD_VENDORS"].map { " (OCL_ICD_VENDORS=\($0))" } ?? ""
    }
}
