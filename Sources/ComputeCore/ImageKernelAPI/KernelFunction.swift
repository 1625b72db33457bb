/// One kernel of a `KernelProgramSource`, with the Swift types of its parameters in order,
/// so that a launch with the wrong number or types of arguments does not compile (the
/// CLHPP `KernelFunctor<...>` idea):
///
/// ```swift
/// let invert = KernelFunction<KernelImage, KernelImage, UInt32>("invert")
/// try launches.launch(invert, global: [count], launches.input, launches.output, UInt32(count))
/// ```
///
/// When the program is built the backend also checks the kernel's own parameter count
/// against this declaration and names both in the error if they differ.
public struct KernelFunction<each Parameter: KernelParameter>: Sendable, Hashable {
    /// The `__kernel` function's name in the source.
    package let name: String

    public init(_ name: String) { self.name = name }

    /// How many parameters the declaration has.
    package var parameterCount: Int {
        var count = 0
        for _ in repeat (each Parameter).self { count += 1 }
        return count
    }
}
