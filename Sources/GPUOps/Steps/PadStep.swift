import ComputeCore
import ImageMaths

/// Fills a `box` exactly: the image, at most the box's size, centred on `background` as
/// Pillow's `ImageOps.pad` centres it (docs/SPEC.md §3), on the backend where the image is (a
/// device image stays on the device). The second half of `--fit pad`, after a `ScaleStep`
/// with `FitMode.pad`; an image that already fills the box is passed on untouched, and one
/// larger than the box on either side is an error (a pad never cuts).
public struct PadStep: ImageStep, Equatable {
    public var box: PixelSize
    public var background: BackgroundColor

    public init(box: PixelSize, background: BackgroundColor = .black) {
        self.box = box
        self.background = background
    }

    public func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        let kernel = PadKernel(box: box, background: background)
        if try kernel.placement(width: image.width, height: image.height).fillsCanvas { return image }
        return try image.mapFrames { try backend.run(kernel, on: $0) }
    }
}
