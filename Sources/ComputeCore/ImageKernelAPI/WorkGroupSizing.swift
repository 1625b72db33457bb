/// Work-group shapes against what one kernel can run on one device: the largest work-group
/// (the smaller of the device's `CL_DEVICE_MAX_WORK_GROUP_SIZE` and the kernel's own
/// `CL_KERNEL_WORK_GROUP_SIZE`, which a register-heavy kernel lowers) and the largest extent
/// in each dimension (`CL_DEVICE_MAX_WORK_ITEM_SIZES`).
///
/// A shape a kernel asks for exactly is checked, so a shape no device of this kind can run
/// is a clear error naming the kernel before anything is enqueued, not an enqueue failure
/// (`CL_INVALID_WORK_GROUP_SIZE`) after earlier launches already ran; a preferred shape is
/// fitted instead.
package enum WorkGroupSizing {
    /// Throws when `local` has more work-items than `groupLimit` or an extent past `itemSizes`.
    /// `limitOwner` names where the limit comes from in the message ("the device's", "this
    /// kernel's").
    package static func check(_ local: [Int], kernel: String, groupLimit: Int, limitOwner: String,
                              itemSizes: [Int]) throws(ComputeArgumentError) {
        let items = local.reduce(1, *)
        guard items <= groupLimit else {
            throw .invalidKernelLaunch(kernel: kernel, reason: "work-group of \(items) exceeds \(limitOwner) \(groupLimit)")
        }
        for (dimension, extent) in local.enumerated() where dimension < itemSizes.count && extent > itemSizes[dimension] {
            throw .invalidKernelLaunch(
                kernel: kernel,
                reason: "local size \(local) exceeds the device's work-item sizes \(itemSizes) in dimension \(dimension)")
        }
    }

    /// `preferred`, each extent first cut to `itemSizes`, then its largest extent halved
    /// until the work-group has at most `groupLimit` items (never below 1 in any dimension).
    package static func fit(_ preferred: [Int], groupLimit: Int, itemSizes: [Int]) -> [Int] {
        var shape = preferred.enumerated().map { dimension, extent in
            max(1, dimension < itemSizes.count ? min(extent, itemSizes[dimension]) : extent)
        }
        while shape.reduce(1, *) > max(1, groupLimit), let largest = shape.indices.max(by: { shape[$0] < shape[$1] }),
              shape[largest] > 1 {
            shape[largest] /= 2
        }
        return shape
    }
}
