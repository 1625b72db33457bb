/// How a picture is fitted into the `N × N` square of the default pipeline (docs/SPEC.md §3).
public enum FitMode: String, Sendable, CaseIterable, Codable {
    /// The shorter side becomes `N`, then an `N × N` square is cut out.
    case cover
    /// The longer side becomes `N`; nothing is cut.
    case contain
}

/// Where the square is cut from when `cover` leaves more than `N` pixels on one axis.
public enum Gravity: String, Sendable, CaseIterable, Codable {
    case centre, north, south, east, west

    /// The `side × side` square anchored here inside a `width × height` image (integer
    /// halving of the slack, as docs/SPEC.md §3 says).
    public func square(side n: Int, inWidth width: Int, height: Int) -> PixelRect {
        let slackX = width - n, slackY = height - n
        let x: Int, y: Int
        switch self {
        case .centre: (x, y) = (slackX / 2, slackY / 2)
        case .north: (x, y) = (slackX / 2, 0)
        case .south: (x, y) = (slackX / 2, slackY)
        case .west: (x, y) = (0, slackY / 2)
        case .east: (x, y) = (slackX, slackY / 2)
        }
        return PixelRect(x: x, y: y, width: n, height: n)
    }
}

/// The resize and crop that turn a `width × height` picture into the pipeline's result: the
/// integer formulas of docs/SPEC.md §3, shared by every backend and by shrink-on-load.
public struct ThumbnailGeometry: Sendable, Equatable {
    /// Size after resizing.
    public let scaledWidth: Int
    public let scaledHeight: Int
    /// The part of the resized image that is kept (the whole of it for `contain`).
    public let crop: PixelRect

    public init(width: Int, height: Int, size n: Int, fit: FitMode, gravity: Gravity = .centre) {
        precondition(width > 0 && height > 0 && n > 0)
        let long = max(width, height), short = min(width, height)
        let scaledLong: Int, scaledShort: Int
        switch fit {
        case .cover:
            scaledShort = n
            scaledLong = max(n, (long * n * 2 + short) / (2 * short))
        case .contain:
            scaledLong = n
            scaledShort = max(1, (short * n * 2 + long) / (2 * long))
        }
        let landscape = width >= height
        scaledWidth = landscape ? scaledLong : scaledShort
        scaledHeight = landscape ? scaledShort : scaledLong
        switch fit {
        case .contain:
            crop = PixelRect(x: 0, y: 0, width: scaledWidth, height: scaledHeight)
        case .cover:
            crop = gravity.square(side: n, inWidth: scaledWidth, height: scaledHeight)
        }
    }

    /// The fused resize-and-crop for this geometry.
    public func resamplePlan(inputWidth: Int, inputHeight: Int, filter: ResampleFilter) -> ResamplePlan {
        ResamplePlan(inputWidth: inputWidth, inputHeight: inputHeight,
                     outputWidth: scaledWidth, outputHeight: scaledHeight, window: crop, filter: filter)
    }
}
