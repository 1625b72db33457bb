#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>

// WebPConfigInit, WebPPictureInit and WebPGetMuxVersion-checked constructors are macros or
// inline functions over the ABI version; Swift sees these wrappers instead.
static inline int gpuglitch_WebPConfigInit(WebPConfig *config) { return WebPConfigInit(config); }
static inline int gpuglitch_WebPPictureInit(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline WebPMux *gpuglitch_WebPMuxNew(void) { return WebPMuxNew(); }
// WebPGetFeatures and WebPAnimDecoderNew are inline over their ABI versions too.
static inline VP8StatusCode gpuglitch_WebPGetFeatures(const uint8_t *data, size_t size, WebPBitstreamFeatures *features) {
    return WebPGetFeatures(data, size, features);
}
/// The decoder with libwebp's default options (RGBA, not premultiplied), as Pillow makes it.
static inline WebPAnimDecoder *gpuglitch_WebPAnimDecoderNew(const WebPData *data) {
    return WebPAnimDecoderNew(data, NULL);
}
// The animation encoder's constructors and the mux over a whole file are inline over their ABI versions too.
static inline int gpuglitch_WebPAnimEncoderOptionsInit(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *gpuglitch_WebPAnimEncoderNew(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline WebPMux *gpuglitch_WebPMuxCreate(const WebPData *data, int copy) { return WebPMuxCreate(data, copy); }
