/// Pixels that can be a frame: what the frame-size rule of an image reads.
package protocol FramePixels: Sendable {
    var width: Int { get }
    var height: Int { get }
}

extension HostImage: FramePixels {}

extension Array {
    /// The rule every multi-frame image keeps (`DecodedImage`, `ImageContainer`): at least one
    /// frame, every frame the size of the first.
    package func checkFrameGeometry<Pixels: FramePixels>() throws(ImageGeometryError)
        where Element == ImageFrame<Pixels> {
        guard let first else { throw .noFrames }
        guard allSatisfy({ $0.pixels.width == first.pixels.width && $0.pixels.height == first.pixels.height })
        else { throw .frameSizesDiffer }
    }
}
