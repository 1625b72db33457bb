/// An image a launch reads or writes: the operation's input, its output, or a scratch image
/// (`KernelLaunches.scratchImage`). Only a handle: the backend finds the pixels.
/// Pixels are RGBA bytes, row-major, `width * 4` bytes a row.
public struct KernelImage: Hashable, Sendable {
    /// 0 the input, 1 the output, 2 and up scratch images, in the order they were asked for.
    package let slot: Int
    public let width: Int
    public let height: Int

    package init(slot: Int, width: Int, height: Int) {
        self.slot = slot
        self.width = width
        self.height = height
    }
}
