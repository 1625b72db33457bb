#ifndef GPUGLITCH_CHEIFZEROFILL_H
#define GPUGLITCH_CHEIFZEROFILL_H

/*
 * HEVC pictures that start as zeros, for libheif's HEVC decoder (libde265).
 *
 * Why: libde265 before 1.0.16 allocates each picture with posix_memalign and never clears it. A
 * damaged stream whose slices end before the picture's last CTBs (libde265 then neither warns
 * nor conceals, and libheif reports success) leaves those samples as whatever the heap held:
 * two decodes of one file differ, and an output carries bytes no code wrote. libde265 1.0.16
 * and later clear every new picture to Y = Cb = Cr = 0 (pillow-heif, with libde265 1.1, shows
 * such an area so); `gg_heif_zero_fill_new_pictures` makes older ones do the same.
 *
 * How: libde265's allocation functions for pictures (`de265_image_allocation`) can be set per
 * decoder, but libheif's decoder does not set them, and libde265 1.0.x uses a decoder's own
 * functions only for pictures decoded without SAO (decctx.cc: `isOutputImage`); a picture with
 * SAO (x265's default, and the damaged file that showed this) always comes from libde265's
 * default functions, in the one struct `de265_get_default_image_allocation_functions` returns.
 * That struct is a mutable global (`de265_image::default_image_allocation`, every release from
 * 1.0.0 to 1.1), copied into each picture when it is allocated; its two functions are replaced
 * here by ones that allocate as libde265's do and clear the planes, once, before any decode.
 * A picture keeps the functions that allocated it, so one allocated before is released as
 * before.
 */

#ifdef __cplusplus
extern "C" {
#endif

/// Makes every picture libde265 allocates from now on start as zeros, once per process (later
/// calls return the first result). Returns 1 when libde265's pictures start as zeros (its own
/// allocator does so from 1.0.16, and is then left alone), 0 when that could not be arranged.
/// Call before the first decode: libde265 reads the functions without a lock.
int gg_heif_zero_fill_new_pictures(void);

/// The libde265 version in use (`de265_get_version`), for messages.
const char *gg_heif_libde265_version(void);

#ifdef __cplusplus
}
#endif

#endif
