import ArgumentParser
@testable import gpuglitch
import GPUOps
import Testing

/// `--device-share all|measured|N` parsed in process, through `DeviceShareArgument` and the
/// command line's parser: what each value means, and the exact usage error for the others.
@Suite("--device-share parsing")
struct DeviceShareArgumentTests {
    @Test("all and measured (any letter case) and a count of at least 1", arguments: [
        ("all", DeviceShare.all), ("ALL", .all), ("measured", .measured), ("Measured", .measured),
        ("1", .atMost(1)), ("16", .atMost(16)),
    ])
    func validValues(_ text: String, _ share: DeviceShare) throws {
        #expect(DeviceShareArgument(argument: text)?.share == share)
        let command = try #require(try GPUGlitch.parseAsRoot(["process", "in.png", "--output", "out",
                                                              "--device-share", text]) as? ProcessCommand)
        #expect(command.deviceShare?.share == share)
        // A value given wins over the default of either device request.
        #expect(command.deviceShare(for: .auto) == share && command.deviceShare(for: .cpu) == share)
    }

    @Test("without the option: measured under --device auto, all with a device named")
    func defaults() throws {
        let command = try #require(try GPUGlitch.parseAsRoot(["process", "in.png", "--output", "out"]) as? ProcessCommand)
        #expect(command.deviceShare == nil)
        #expect(command.deviceShare(for: .auto) == .measured && command.deviceShare(for: .cpu) == .all)
    }

    @Test("0, negative counts and anything else are usage errors that quote the value", arguments: [
        "0", "-1", "-16", "some", "1.5", "3x", "all,measured", "99999999999999999999",
    ])
    func invalidValues(_ text: String) {
        #expect(DeviceShareArgument(argument: text) == nil)
        #expect(Self.usageError(["--device-share=\(text)"])
            == "The value '\(text)' is invalid for '--device-share <all|measured|N>'")
    }

    @Test("an empty value is a missing one")
    func emptyValue() {
        #expect(DeviceShareArgument(argument: "") == nil)
        #expect(Self.usageError(["--device-share="]) == "Missing value for '--device-share <all|measured|N>'")
    }

    /// The message of the usage error `process` with `extra` raises (the binary prints it after
    /// "Error: " and exits 2), or nil when it parses or fails otherwise.
    static func usageError(_ extra: [String]) -> String? {
        let error = #expect(throws: (any Error).self) {
            try GPUGlitch.parseAsRoot(["process", "in.png", "--output", "out"] + extra)
        }
        guard let error, GPUGlitch.exitCode(for: error) == .validationFailure else { return nil }
        return GPUGlitch.message(for: error)
    }
}
