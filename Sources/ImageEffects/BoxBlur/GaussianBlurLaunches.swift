import ComputeCore

/// The device launches of Pillow's `GaussianBlur` (`BoxBlurPlan`, box_blur.cl), shared by the
/// effects built on it (tilt-shift, sharpen), whose programs both start with box_blur.cl.
///
/// Every box pass walks columns: the row passes run down the columns of the transposed image,
/// which is coalesced on a GPU and vector code on POCL. On a CPU device a work-item per column
/// runs an axis's three passes in one launch (the columns are the lanes of POCL's vector code,
/// and one launch costs less than three); on a GPU each pass is a launch with a work-item per
/// segment of a column (`BoxBlurSegments`). Both give the same sums, so the same bytes.
enum GaussianBlurLaunches {
    /// A plain copy (radius 0).
    static let copy = KernelFunction<KernelImage, KernelImage, UInt32>("gpuglitch_copy")
    /// The transpose for GPUs: a tile at a time through local memory.
    static let transposeTiled = KernelFunction<KernelImage, KernelImage, Int32, Int32, LocalMemory>("gpuglitch_transpose")
    /// The transpose for CPU devices: one work-item per pixel, no barrier.
    static let transposePixels = KernelFunction<KernelImage, KernelImage, Int32, Int32>("gpuglitch_transpose_pixels")
    /// The tiled transpose's preferred work-group, which is also its tile.
    static let transposeTile = [16, 16]
    /// Local memory for a tile of at most `transposeTile`, each row one pixel longer.
    static let transposeTileMemory = LocalMemory(bytes: (transposeTile[0] + 1) * transposeTile[1] * 4)
    /// The three box passes of an axis, a work-item per column (CPU devices).
    static let blurColumns = KernelFunction<KernelImage, KernelImage, KernelImage, Int32, Int32, Int32, UInt32, UInt32>(
        "gpuglitch_box_blur_columns")
    /// One box pass, a work-item per segment of a column (GPUs: `BoxBlurSegments`).
    static let blurSegments = KernelFunction<KernelImage, KernelImage, Int32, Int32, Int32, Int32, UInt32, UInt32>(
        "gpuglitch_box_blur_segments")
    /// The segment passes' preferred work-group: neighbouring columns of the same rows.
    static let segmentGroup = [64, 1]
    /// The preferred work-group of the one-dimensional launches (a column or a pixel each).
    static let lineGroup = [64]

    /// Records `source` (`width × height`) transposed into `target`: tiled through local memory
    /// on a GPU; on a CPU device, where the barrier costs more than the strided writes it
    /// saves, one work-item per pixel.
    static func transpose(_ launches: inout KernelLaunches, _ source: KernelImage, _ target: KernelImage,
                          width: Int, height: Int) throws {
        if launches.device.isCPU {
            try launches.launch(transposePixels, global: [width, height], preferredLocal: [16, 4],
                                source, target, Int32(width), Int32(height))
        } else {
            try launches.launch(transposeTiled, global: [width, height], preferredLocal: transposeTile,
                                source, target, Int32(width), Int32(height), transposeTileMemory)
        }
    }

    /// Records one box pass down each column of `source` (`width × height`) into `target`, a
    /// work-item per segment of a column (the GPU shape).
    static func segmentPass(_ launches: inout KernelLaunches, _ source: KernelImage, _ target: KernelImage,
                            width: Int, height: Int, plan: BoxBlurPlan) throws {
        let segments = BoxBlurSegments(columns: width, height: height, radius: Int(plan.radius))
        try launches.launch(blurSegments, global: [width, segments.count], preferredLocal: segmentGroup,
                            source, target, Int32(width), Int32(height), Int32(segments.rows),
                            plan.radius, plan.inner, plan.edge)
    }

    /// Records the three row passes of `input` (`width × height`): afterwards `a` holds the
    /// row-blurred image laid out `width × height`. `a` and `b` are scratch images of
    /// `width · height` pixels each; `b` is left undefined.
    static func rowPasses(_ launches: inout KernelLaunches, _ input: KernelImage, _ a: KernelImage, _ b: KernelImage,
                         width: Int, height: Int, plan: BoxBlurPlan) throws {
        try transpose(&launches, input, a, width: width, height: height)
        if launches.device.isCPU {
            try launches.launch(blurColumns, global: [height], preferredLocal: lineGroup, a, b, b,
                                Int32(height), Int32(width), plan.radius, plan.inner, plan.edge)
        } else {
            try segmentPass(&launches, a, b, width: height, height: width, plan: plan)
            try segmentPass(&launches, b, a, width: height, height: width, plan: plan)
            try segmentPass(&launches, a, b, width: height, height: width, plan: plan)
        }
        try transpose(&launches, b, a, width: height, height: width)
    }

    /// Records the three column passes of `a` (`width × height`) into `target`, with `b` as
    /// scratch; `a` is left undefined (`target` may be `b`).
    static func columnPasses(_ launches: inout KernelLaunches, _ a: KernelImage, _ b: KernelImage,
                            into target: KernelImage, width: Int, height: Int, plan: BoxBlurPlan) throws {
        if launches.device.isCPU {
            try launches.launch(blurColumns, global: [width], preferredLocal: lineGroup, a, b, target,
                                Int32(width), Int32(height), plan.radius, plan.inner, plan.edge)
        } else {
            try segmentPass(&launches, a, b, width: width, height: height, plan: plan)
            try segmentPass(&launches, b, a, width: width, height: height, plan: plan)
            try segmentPass(&launches, a, target, width: width, height: height, plan: plan)
        }
    }
}
