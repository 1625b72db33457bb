/// The upsampling libjpeg-turbo 2.1 gives one component (jdsample.c `jinit_upsampler`, with
/// fancy upsampling asked for, as TurboJPEG does): from the component's sampling factors and
/// IDCT size at the decode's scale. Fancy upsampling is off when the smallest IDCT size is 1
/// (a 1/8 decode), and h2v1 and h2v2 fall back to replication for a component at most two
/// samples wide. nil: libjpeg-turbo refuses the ratio ("Fractional sampling not implemented").
struct JPEGUpsamplingChoice: Equatable {
    let method: JPEGCoefficients.Upsampling
    let horizontalExpansion: Int
    let verticalExpansion: Int

    init?(horizontalSampling h: Int, verticalSampling v: Int, idctSize: Int, minimumIDCTSize: Int,
          maxHorizontalSampling maxH: Int, maxVerticalSampling maxV: Int, downsampledWidth: Int) {
        guard h > 0, v > 0, minimumIDCTSize > 0 else { return nil }
        let hIn = h * idctSize / minimumIDCTSize, vIn = v * idctSize / minimumIDCTSize
        let fancy = minimumIDCTSize > 1
        guard hIn > 0, vIn > 0 else { return nil }
        if hIn == maxH && vIn == maxV {
            (method, horizontalExpansion, verticalExpansion) = (.fullSize, 1, 1)
        } else if hIn * 2 == maxH && vIn == maxV && fancy && downsampledWidth > 2 {
            (method, horizontalExpansion, verticalExpansion) = (.h2v1Fancy, 1, 1)
        } else if hIn == maxH && vIn * 2 == maxV && fancy {
            (method, horizontalExpansion, verticalExpansion) = (.h1v2Fancy, 1, 1)
        } else if hIn * 2 == maxH && vIn * 2 == maxV && fancy && downsampledWidth > 2 {
            (method, horizontalExpansion, verticalExpansion) = (.h2v2Fancy, 1, 1)
        } else if maxH % hIn == 0 && maxV % vIn == 0 {
            (method, horizontalExpansion, verticalExpansion) = (.replicate, maxH / hIn, maxV / vIn)
        } else {
            return nil
        }
    }
}
