import ImageCodecs
/// An image in flight between operations: either on the host or in one device's memory.
///
/// Operations hand this on unchanged in location: a device operation uploads only when it gets
/// a `.host` image, and pixels come back only when someone asks for `hostImage()` (the save
/// operation, or a caller). That is what keeps a chain of device operations at one upload and
/// one download per image (docs/SPEC.md §1).
public enum PipelineImage: Sendable {
    case host(HostImage)
    case device(DeviceImage)

    public var width: Int {
        switch self {
        case .host(let h): h.width
        case .device(let d): d.width
        }
    }

    public var height: Int {
        switch self {
        case .host(let h): h.height
        case .device(let d): d.height
        }
    }

    /// Whether every alpha is 255. Known without a download for device images (tracked from
    /// the upload on), computed by a scan for host images.
    public var isOpaque: Bool {
        switch self {
        case .host(let h): !h.hasTransparency
        case .device(let d): d.isOpaque
        }
    }

    /// The pixels on the host, downloading them from the device that holds them if needed.
    public func hostImage() throws -> HostImage {
        switch self {
        case .host(let h): h
        case .device(let d): try d.backend.download(d)
        }
    }
}

/// Pixels held in a compute device's memory. Only the backend that made it reads `storage`
/// (an OpenCL buffer, say); everything else sees the size and where it lives.
public final class DeviceImage: Sendable {
    public let width: Int
    public let height: Int
    /// Whether every alpha is 255, known from the host image it came from.
    public let isOpaque: Bool
    /// The backend that owns `storage`.
    public let backend: any ComputeBackend
    /// Backend-specific handle to the pixels. Immutable once made: operations write new images.
    package let storage: any AnyObject & Sendable

    package init(width: Int, height: Int, isOpaque: Bool, backend: any ComputeBackend, storage: any AnyObject & Sendable) {
        self.width = width
        self.height = height
        self.isOpaque = isOpaque
        self.backend = backend
        self.storage = storage
    }
}

extension PipelineImage: FramePixels {}
