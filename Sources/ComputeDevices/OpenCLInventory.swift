import OpenCLCompute
/// Every OpenCL platform and device of this machine, read once, or why there are none.
///
/// "No OpenCL here" is an answer, not a failure: no platform (`CL_PLATFORM_NOT_FOUND_KHR`),
/// or platforms without devices. Only an unexpected error from the driver is `.failed`.
package struct OpenCLInventory: Sendable {
    /// What the OpenCL runtime said.
    package enum State: Sendable, Equatable {
        case devicesFound
        case noPlatform
        /// Platforms (named) that list no device.
        case noDevice(platforms: [String])
        /// An OpenCL call failed; the text is the `CLCallError`.
        case failed(String)
    }

    /// One platform and its devices.
    package struct Platform: Sendable, Equatable, Codable {
        package let name: String
        package let vendor: String
        package let version: String
        package let devices: [OpenCLDeviceSummary]
    }

    package let state: State
    package let platforms: [Platform]
    /// Every device in listing order (`opencl:N` is `devices[N]`).
    package var devices: [OpenCLDeviceSummary] { platforms.flatMap(\.devices) }
    /// The handles behind `devices`, same order.
    let handles: [CLDevice]

    init(state: State, platforms: [Platform], handles: [CLDevice]) {
        self.state = state
        self.platforms = platforms
        self.handles = handles
    }

    /// For tests of the selection rules: an inventory of described devices without handles.
    static func described(_ state: State, platforms: [Platform]) -> OpenCLInventory {
        OpenCLInventory(state: state, platforms: platforms, handles: [])
    }

    /// Asks the OpenCL runtime.
    package static func probe() -> OpenCLInventory {
        do {
            let found = try CLPlatform.all()
            if found.isEmpty { return OpenCLInventory(state: .noPlatform, platforms: [], handles: []) }
            var platforms: [Platform] = []
            var handles: [CLDevice] = []
            for platform in found {
                let devices = try platform.devices()
                let summaries = devices.enumerated().map { OpenCLDeviceSummary(device: $1, index: handles.count + $0) }
                handles += devices
                platforms.append(Platform(name: (try? platform.name) ?? "", vendor: (try? platform.vendor) ?? "",
                                          version: (try? platform.version) ?? "", devices: summaries))
            }
            let state: State = handles.isEmpty ? .noDevice(platforms: platforms.map(\.name)) : .devicesFound
            return OpenCLInventory(state: state, platforms: platforms, handles: handles)
        } catch {
            return OpenCLInventory(state: .failed("\(error)"), platforms: [], handles: [])
        }
    }

    /// Why there is no device, in the words of the messages: `no platform`,
    /// `platform X has no device`, or the failing call.
    package var reason: String {
        switch state {
        case .devicesFound: "\(handles.count) device(s)"
        case .noPlatform: "no platform"
        case .noDevice(let names): "\(names.count == 1 ? "platform" : "platforms") \(names.joined(separator: ", ")) \(names.count == 1 ? "has" : "have") no device"
        case .failed(let text): text
        }
    }

    /// The devices `request` may use, best first: for `auto` and `opencl` the available GPUs
    /// in listing order, then the other available devices; for `gpu` the GPUs only; for
    /// `opencl:N` device N (even if it reports itself unavailable: the user named it).
    func candidates(for request: DeviceRequest) -> [OpenCLDeviceSummary] {
        let usable = devices.filter(\.isAvailable)
        switch request {
        case .cpu: return []
        // auto: a GPU, else another kind of accelerator; never an OpenCL CPU device such as
        // POCL, where the native CPU backend is faster and needs half the memory
        // (docs/SPEC.md §7). Asked for by name (`opencl`, `opencl:N`), a CPU device serves.
        case .auto: return usable.filter { $0.type == .gpu } + usable.filter { $0.type != .gpu && $0.type != .cpu }
        case .opencl: return usable.filter { $0.type == .gpu } + usable.filter { $0.type != .gpu }
        case .gpu: return usable.filter { $0.type == .gpu }
        case .openclIndex(let n): return devices.indices.contains(n) ? [devices[n]] : []
        }
    }
}
