import ComputeCore
import CPUCompute
import OpenCLCompute
/// Turns a `DeviceRequest` into a backend: the one place that knows both backends.
///
/// `cpu` never calls OpenCL. `auto` takes an OpenCL GPU, else another OpenCL accelerator, else
/// the CPU backend, with a notice (an OpenCL CPU device such as POCL only when asked for); a device whose program does not build (or that fails otherwise)
/// is passed over for the next. `opencl`, `opencl:N` and `gpu` fail with a
/// `DeviceSelectionError` when no such device is there or usable.
public enum DeviceSelector {
    public static func select(_ request: DeviceRequest) throws(DeviceSelectionError) -> DeviceSelection {
        if request == .cpu { return DeviceSelection(backend: CPUBackend(), notice: nil) }
        let inventory = OpenCLInventory.probe()
        return try select(request, from: inventory, makeCPU: { CPUBackend() }) { summary in
            try OpenCLBackend(device: inventory.handles[summary.index], index: summary.index)
        }
    }

    /// The rules, apart from the machine: `makeOpenCL` builds a backend for a listed device.
    static func select(_ request: DeviceRequest, from inventory: OpenCLInventory,
                       makeCPU: () -> any ComputeBackend,
                       makeOpenCL: (OpenCLDeviceSummary) throws -> any ComputeBackend) throws(DeviceSelectionError) -> DeviceSelection {
        if request == .cpu { return DeviceSelection(backend: makeCPU(), notice: nil) }
        let candidates = inventory.candidates(for: request)
        var failures: [String] = []
        for candidate in candidates {
            do {
                let backend = try makeOpenCL(candidate)
                let notice = failures.isEmpty ? nil
                    : failures.joined(separator: "; ") + "; using \(candidate.label)"
                return DeviceSelection(backend: backend, notice: notice)
            } catch {
                failures.append("\(candidate.label) cannot be used (\(error))")
            }
        }
        if !failures.isEmpty {
            let text = failures.joined(separator: "; ")
            if request == .auto { return DeviceSelection(backend: makeCPU(), notice: text + "; using the CPU fallback") }
            throw DeviceSelectionError(request: request, message: text)
        }
        let missing = missingDeviceMessage(request, inventory)
        if request == .auto { return DeviceSelection(backend: makeCPU(), notice: missing + "; using the CPU fallback") }
        throw DeviceSelectionError(request: request, message: missing)
    }

    /// Why `request` found no candidate at all.
    static func missingDeviceMessage(_ request: DeviceRequest, _ inventory: OpenCLInventory) -> String {
        let devices = inventory.devices
        let noDevice = "no OpenCL device found (OpenCL reports: \(inventory.reason))"
        switch request {
        case .openclIndex(let n) where !devices.isEmpty:
            return "opencl:\(n) requested but only \(devices.count) OpenCL \(devices.count == 1 ? "device exists" : "devices exist")"
        case .openclIndex(let n):
            return "opencl:\(n) requested but \(noDevice)"
        case .gpu where !devices.isEmpty:
            return "no OpenCL GPU found (OpenCL devices: \(devices.map(\.label).joined(separator: ", ")))"
        case .auto where !devices.isEmpty && devices.filter(\.isAvailable).allSatisfy({ $0.type == .cpu })
                            && devices.contains(where: \.isAvailable):
            return "no OpenCL GPU or accelerator (OpenCL devices: \(devices.map(\.label).joined(separator: ", "))); "
                + "the CPU backend is faster than an OpenCL CPU device, which runs only when asked for (--device opencl)"
        case .auto where !devices.isEmpty, .opencl where !devices.isEmpty:
            return "no available OpenCL device (OpenCL devices: \(devices.map(\.label).joined(separator: ", ")) report themselves unavailable)"
        default:
            return noDevice
        }
    }
}
