/// An error a backend throws when its device has no room for the work (out of device memory
/// or resources). Unlike an invalid argument, which is a bug and fails loudly, this is
/// recoverable: the caller runs that one image on the CPU backend instead, as darktable does
/// per module. Backends conform their own error types, so callers above the backends can
/// recognise the case without knowing OpenCL.
public protocol DeviceResourceError: Error {
    /// Whether the device ran out of memory or resources (as opposed to any other failure).
    var isOutOfDeviceResources: Bool { get }
}

