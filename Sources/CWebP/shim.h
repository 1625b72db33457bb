#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>

// WebPConfigInit, WebPPictureInit and WebPGetMuxVersion-checked constructors are macros or
// inline functions over the ABI version; Swift sees these wrappers instead.
static inline int gpuglitch_WebPConfigInit(WebPConfig *config) { return WebPConfigInit(config); }
static inline int gpuglitch_WebPPictureInit(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline WebPMux *gpuglitch_WebPMuxNew(void) { return WebPMuxNew(); }
