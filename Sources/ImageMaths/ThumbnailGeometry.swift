/// How a picture is fitted into its box (docs/SPEC.md §3).
public enum FitMode: String, Sendable, CaseIterable {
    /// The picture covers the box (the side that does not match is at least the box's), then
    /// the box is cut out.
    case cover
    /// The picture fits inside the box, aspect kept; nothing is cut.
    case contain
}

/// Where the box is cut from when `cover` leaves more than the box on one axis.
///
/// The five anchors are fixed, so the crop is fused with the resize. `attention` and
/// `entropy` look at the resized pixels first, as libvips' `smartcrop` does
/// (docs/SPEC.md §3.1): the picture is resized whole, the window chosen, then cut out.
public enum Gravity: String, Sendable, CaseIterable {
    case centre, north, south, east, west
    /// The window around the most striking part: edges, skin tones and saturated colour.
    case attention
    /// The window of greatest entropy, found by trimming the duller edge step by step.
    case entropy

    /// Whether the window depends on the pixels (`attention`, `entropy`) rather than on the
    /// sizes alone.
    public var isContentAware: Bool { self == .attention || self == .entropy }

    /// The `side × side` square anchored here inside a `width × height` image (integer
    /// halving of the slack, as docs/SPEC.md §3 says).
    package func square(side n: Int, inWidth width: Int, height: Int) -> PixelRect {
        rect(width: n, height: n, inWidth: width, height: height)
    }

    /// The `boxWidth × boxHeight` rectangle anchored here inside a `width × height` image; the
    /// centre's for a content-aware gravity, whose window only the pixels decide.
    package func rect(width boxWidth: Int, height boxHeight: Int, inWidth width: Int, height: Int) -> PixelRect {
        let slackX = width - boxWidth, slackY = height - boxHeight
        let x: Int, y: Int
        switch self {
        case .centre, .attention, .entropy: (x, y) = (slackX / 2, slackY / 2)
        case .north: (x, y) = (slackX / 2, 0)
        case .south: (x, y) = (slackX / 2, slackY)
        case .west: (x, y) = (0, slackY / 2)
        case .east: (x, y) = (slackX, slackY / 2)
        }
        return PixelRect(x: x, y: y, width: boxWidth, height: boxHeight)
    }
}

/// The resize and crop that turn a `width × height` picture into the pipeline's result: the
/// integer formulas of docs/SPEC.md §3, shared by every backend and by shrink-on-load.
package struct ThumbnailGeometry: Sendable, Equatable {
    /// Size after resizing.
    package let scaledWidth: Int
    package let scaledHeight: Int
    /// The part of the resized image that is kept (the whole of it for `contain`).
    package let crop: PixelRect

    /// The square box `n × n`: the shorter side becomes `n` (cover) or the longer (contain).
    package init(width: Int, height: Int, size n: Int, fit: FitMode, gravity: Gravity = .centre) {
        self.init(width: width, height: height, boxWidth: n, boxHeight: n, fit: fit, gravity: gravity)
    }

    /// Fits a `width × height` picture to a `boxWidth × boxHeight` box.
    ///
    /// The side that matches the box is the one whose scale factor wins (the larger for
    /// cover, the smaller for contain; width on a tie); the other side is rounded half up,
    /// and is at least the box's (cover) or at least 1 (contain). Without `enlarges`, a box
    /// that would need a scale above 1 gets scale 1: contain keeps the picture's size, cover
    /// keeps it too and cuts at most the box.
    package init(width: Int, height: Int, boxWidth: Int, boxHeight: Int, fit: FitMode,
                gravity: Gravity = .centre, enlarges: Bool = true) {
        precondition(width > 0 && height > 0 && boxWidth > 0 && boxHeight > 0)
        // boxWidth / width against boxHeight / height, without division.
        let widthScaleWins = boxWidth * height >= boxHeight * width
        let widthMatches: Bool
        switch fit {
        case .cover: widthMatches = widthScaleWins
        case .contain: widthMatches = boxWidth * height <= boxHeight * width
        }
        let enlarging = widthMatches ? boxWidth > width : boxHeight > height
        if !enlarges && enlarging {
            scaledWidth = width
            scaledHeight = height
        } else if widthMatches {
            let other = (2 * height * boxWidth + width) / (2 * width)
            scaledWidth = boxWidth
            scaledHeight = fit == .cover ? max(boxHeight, other) : max(1, other)
        } else {
            let other = (2 * width * boxHeight + height) / (2 * height)
            scaledHeight = boxHeight
            scaledWidth = fit == .cover ? max(boxWidth, other) : max(1, other)
        }
        switch fit {
        case .contain:
            crop = PixelRect(x: 0, y: 0, width: scaledWidth, height: scaledHeight)
        case .cover:
            crop = gravity.rect(width: min(boxWidth, scaledWidth), height: min(boxHeight, scaledHeight),
                                inWidth: scaledWidth, height: scaledHeight)
        }
    }

    /// The resize alone, every resized pixel kept: what a content-aware gravity analyses
    /// before it cuts its window.
    package func uncroppedPlan(inputWidth: Int, inputHeight: Int, filter: ResampleFilter) -> ResamplePlan {
        ResamplePlan(inputWidth: inputWidth, inputHeight: inputHeight,
                     outputWidth: scaledWidth, outputHeight: scaledHeight, filter: filter)
    }

    /// The fused resize-and-crop for this geometry.
    package func resamplePlan(inputWidth: Int, inputHeight: Int, filter: ResampleFilter) -> ResamplePlan {
        ResamplePlan(inputWidth: inputWidth, inputHeight: inputHeight,
                     outputWidth: scaledWidth, outputHeight: scaledHeight, window: crop, filter: filter)
    }
}
