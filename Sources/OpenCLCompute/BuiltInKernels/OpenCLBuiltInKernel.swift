import ComputeCore

/// The kernels of the embedded program (resample.cl and crop.cl, beside this file), declared as
/// the typed `KernelFunction`s a user's `ImageKernel` declares, so the built-in passes record and run
/// their launches through the same path (`OpenCLBackend.settle`, then `enqueue(_:images:)`): a launch
/// with the wrong number or types of arguments does not compile, and the kernel's own
/// parameter count is checked against the declaration when it is first made.
enum OpenCLBuiltInKernel {
    /// `src, srcWidth, firstRow, dst, dstWidth, dstHeight, bounds, coefficients` (tap-major:
    /// `ResampleWeights.tapMajorCoefficients`).
    static let resampleHorizontal = KernelFunction<KernelImage, Int32, Int32, KernelImage, Int32, Int32,
                                                   KernelTable, KernelTable>("resample_horizontal")
    /// `src, width, dst, dstHeight, bounds, coefficients, taps`.
    static let resampleVertical = KernelFunction<KernelImage, Int32, KernelImage, Int32,
                                                 KernelTable, KernelTable, Int32>("resample_vertical")
    /// `src, srcWidth, firstRow, dst, dstWidth, dstHeight, windows, words` (split weights).
    static let resampleHorizontalX86 = KernelFunction<KernelImage, Int32, Int32, KernelImage, Int32, Int32,
                                                      KernelTable, KernelTable>("resample_horizontal_x86")
    /// `src, width, dst, dstHeight, bounds, coefficients, taps, pairs, pairStride`.
    static let resampleVerticalX86 = KernelFunction<KernelImage, Int32, KernelImage, Int32, KernelTable, KernelTable,
                                                    Int32, KernelTable, Int32>("resample_vertical_x86")
    /// `src, dst, count`.
    static let premultiply = KernelFunction<KernelImage, KernelImage, UInt32>("premultiply")
    /// `src, dst, count`.
    static let unpremultiply = KernelFunction<KernelImage, KernelImage, UInt32>("unpremultiply")
    /// `src, srcWidth, x0, y0, dst, dstWidth, dstHeight`.
    static let crop = KernelFunction<KernelImage, Int32, Int32, Int32, KernelImage, Int32, Int32>("crop")

    /// The work-group the 2-dimensional passes prefer. Left to choose, a driver must pick a
    /// work-group that divides the global size: for a prime width that is 1, and a GPU then
    /// runs at a fraction of its speed. So the shape is given (fitted to what each kernel runs
    /// on the device, `WorkGroupSizing.fit`) and the global size rounded up to a multiple of
    /// it; the kernels return at once past the image.
    static let preferredLocal2D = [32, 4]
    /// The work-group the 1-dimensional passes prefer (see `preferredLocal2D`).
    static let preferredLocal1D = [128]
}
