/// A Swift type that can be bound to a kernel parameter. The library's conformances are the
/// whole set a backend knows how to pass:
///
/// | Swift                 | OpenCL C parameter                                 |
/// |-----------------------|----------------------------------------------------|
/// | `KernelImage`         | `__global uchar4 *` (RGBA, row-major, no padding)  |
/// | `Int32` / `UInt32`    | `int` / `uint`                                     |
/// | `Float`               | `float`                                            |
/// | `KernelTable`         | `__global const T *` or `__constant T *` (a host array copied once per launch list) |
/// | `LocalMemory`         | `__local T *` of the given byte size                 |
///
/// Swift `Int` is not one of them on purpose: it is 8 bytes and OpenCL's `int` is 4.
public protocol KernelParameter: Sendable {
    /// The value as the backend passes it.
    var kernelArgument: KernelArgument { get }
}

/// A kernel argument as a backend binds it.
public enum KernelArgument: Sendable, Equatable {
    case image(KernelImage)
    case int32(Int32)
    case uint32(UInt32)
    case float(Float)
    case table(KernelTable)
    case local(bytes: Int)
}

extension Int32: KernelParameter {
    public var kernelArgument: KernelArgument { .int32(self) }
}

extension UInt32: KernelParameter {
    public var kernelArgument: KernelArgument { .uint32(self) }
}

extension Float: KernelParameter {
    public var kernelArgument: KernelArgument { .float(self) }
}

extension KernelImage: KernelParameter {
    public var kernelArgument: KernelArgument { .image(self) }
}

/// A small read-only array computed on the host (lookup tables, weights, per-row values),
/// passed as `__global const T *`. The bytes are copied to the device when the launches run.
public struct KernelTable: KernelParameter, Equatable {
    /// The elements' bytes, in the device's (little-endian) order.
    package let bytes: [UInt8]

    /// A table of `UInt8`, `Int32`, `UInt32` or `Float` elements (any fixed-size plain type
    /// whose layout the kernel declares the same way).
    public init<Element: BitwiseCopyable>(_ elements: [Element]) {
        bytes = elements.isEmpty ? [0] : elements.withUnsafeBytes { Array($0) }
    }

    public var kernelArgument: KernelArgument { .table(self) }
}

/// Work-group local memory of `bytes` bytes, for a `__local T *` parameter.
public struct LocalMemory: KernelParameter, Equatable {
    package let bytes: Int
    public init(bytes: Int) { self.bytes = bytes }
    public var kernelArgument: KernelArgument { .local(bytes: bytes) }
}
