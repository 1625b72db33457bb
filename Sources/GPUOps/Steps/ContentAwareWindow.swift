import ComputeCore
import ImageMaths

/// The window a content-aware gravity (`attention`, `entropy`) cuts from an image, chosen
/// from its pixels as libvips 8.14's `smartcrop` chooses it (docs/SPEC.md §3.1).
///
/// Attention shrinks the image to 32 × 32 on the backend that holds it (box filter by whole
/// factors, then lanczos, as libvips' `resize`; device passes on a device: only those 4 KiB
/// come back to the host), then scores, blurs and places the window
/// on the host in integer arithmetic; entropy reads the image's histograms on the host. Both
/// backends resample to the same bytes and the rest is the same integer code, so every
/// backend picks the same window.
package enum ContentAwareWindow {
    /// The `width × height` window of `image` that `gravity` keeps; the sizes must fit inside
    /// the image (callers clamp them).
    package static func rect(of image: PipelineImage, width: Int, height: Int, gravity: Gravity,
                             on backend: any ComputeBackend) throws -> PixelRect {
        let full = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        guard width < image.width || height < image.height else { return full }
        let origin: (x: Int, y: Int)
        switch gravity {
        case .attention:
            let side = AttentionWindow.mapSize
            var small = image
            if let shrunk = AttentionWindow.boxShrinkSize(width: image.width, height: image.height) {
                small = try backend.resample(image, plan: ResamplePlan(
                    inputWidth: image.width, inputHeight: image.height,
                    outputWidth: shrunk.width, outputHeight: shrunk.height, filter: .box))
            }
            let map = try backend.resample(small, plan: ResamplePlan(
                inputWidth: small.width, inputHeight: small.height,
                outputWidth: side, outputHeight: side, filter: .lanczos)).hostImage()
            let scores = AttentionScores(pixels: map.pixels, width: side, height: side,
                                         premultiplies: !image.isOpaque)
            origin = AttentionWindow.origin(scores: scores, cropWidth: width, cropHeight: height,
                                            width: image.width, height: image.height)
        case .entropy:
            let host = try image.hostImage()
            origin = EntropyWindow(pixels: host.pixels, width: host.width, height: host.height,
                                   hasAlpha: !image.isOpaque)
                .origin(cropWidth: width, cropHeight: height)
        case .centre, .north, .south, .east, .west:
            return gravity.rect(width: width, height: height, inWidth: image.width, height: image.height)
        }
        return PixelRect(x: origin.x, y: origin.y, width: width, height: height)
    }

    /// Every frame of `image` cut to the window `gravity` picks from the first frame (one
    /// window for an animation, so it does not jump from frame to frame).
    package static func crop(_ image: ImageContainer, width: Int, height: Int, gravity: Gravity,
                             on backend: any ComputeBackend) throws -> ImageContainer {
        let rect = try rect(of: image.pixels, width: min(width, image.width), height: min(height, image.height),
                            gravity: gravity, on: backend)
        return try image.mapFrames { try backend.cropIfNeeded($0, to: rect) }
    }
}
