import ImageCodecs
import ImageMaths

extension ImageKernel {
    /// `runOnHost`, checked against `outputSize`: the one host path every backend takes (the
    /// CPU backend always, a device backend's caller when the device fails for an image).
    /// An empty or negative `outputSize` is refused before `runOnHost` runs, as the device
    /// backends refuse it before `encode`. `parallelism` is what `runOnHost(_:parallelism:)`
    /// may use (the CPU backend's own cores; one thread by default).
    package func runCheckedOnHost(_ input: HostImage, parallelism: RowParallelism = .serial) throws -> HostImage {
        let expected = try checkedOutputSize(width: input.width, height: input.height)
        let result = try runOnHost(input, parallelism: parallelism)
        let actual = PixelSize(width: result.width, height: result.height)
        guard actual == expected, result.pixels.count == actual.width * actual.height * 4 else {
            throw ComputeArgumentError.kernelOutputSizeMismatch(kernel: name, expected: expected, actual: actual)
        }
        return result
    }

    /// The output size, refused when empty or negative: every backend asks this before it
    /// runs any of the kernel's own code for the image (`encode` or `runOnHost`).
    package func checkedOutputSize(width: Int, height: Int) throws -> PixelSize {
        let size = try outputSize(width: width, height: height)
        guard size.width >= 0, size.height >= 0 else {
            throw ComputeArgumentError.invalidKernelLaunch(kernel: name, reason: "output size \(size) is negative")
        }
        guard size.width > 0, size.height > 0 else {
            throw ComputeArgumentError.invalidKernelLaunch(kernel: name, reason: "output size \(size) is empty")
        }
        return size
    }
}
