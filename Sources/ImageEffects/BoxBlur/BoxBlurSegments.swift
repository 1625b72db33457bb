/// How the box passes of a GPU split each column into segments, a work-item each
/// (`gpuglitch_box_blur_segments` in tilt_shift.cl): enough work-items to fill a GPU, which a
/// work-item per column (a few hundred) does not, without making each segment so short that
/// starting its running sum (a window of `2·radius + 1` pixels) outweighs the segment itself.
struct BoxBlurSegments: Equatable {
    /// Work-items a pass aims for: about a quarter of what a large GPU keeps resident.
    static let targetWorkItems = 1 << 16

    /// Rows of a column each work-item computes.
    let rows: Int
    /// Segments per column: the launch's second global dimension.
    let count: Int

    /// The segments of `columns` columns of `height` rows (both at least 1) for box passes of
    /// `radius`: `targetWorkItems / columns` segments where each keeps at least a third of a
    /// window's loads (the start of its running sum costs at most one pass over the segment).
    init(columns: Int, height: Int, radius: Int) {
        let wanted = max(1, (Self.targetWorkItems + columns - 1) / columns)
        let window = min(2 * radius + 1, height)
        let shortest = max(1, (window + 2) / 3)
        rows = max((height + wanted - 1) / wanted, shortest)
        count = (height + rows - 1) / rows
    }
}
