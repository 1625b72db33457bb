/// Global and local sizes for the image kernels.
///
/// Left to choose, a driver must pick a work-group size that divides the global size: for a
/// prime width that is 1, and a GPU then runs at a fraction of its speed. So the work-group
/// size is fixed (32×4, or 128 in one dimension) and the global size rounded up to a multiple
/// of it; the kernels return at once past the image. Devices (or kernels) that cannot run
/// 128-item groups get no local size and exact global sizes.
struct OpenCLLaunchShape: Equatable {
    let local2D: [Int]?
    let local1D: [Int]?

    static let preferred2D = [32, 4]
    static let preferred1D = [128]

    init(maxWorkGroupSize: Int, maxWorkItemSizes: [Int]) {
        let fits2D = maxWorkGroupSize >= 128 && maxWorkItemSizes.count >= 2
            && maxWorkItemSizes[0] >= Self.preferred2D[0] && maxWorkItemSizes[1] >= Self.preferred2D[1]
        let fits1D = maxWorkGroupSize >= 128 && (maxWorkItemSizes.first ?? 0) >= Self.preferred1D[0]
        local2D = fits2D ? Self.preferred2D : nil
        local1D = fits1D ? Self.preferred1D : nil
    }

    /// The launch of one work-item per element of `size` (1 or 2 dimensions).
    func launch(_ size: [Int]) -> (global: [Int], local: [Int]?) {
        guard let local = size.count == 1 ? local1D : local2D else { return (size, nil) }
        let global = zip(size, local).map { extent, group in (extent + group - 1) / group * group }
        return (global, local)
    }
}
