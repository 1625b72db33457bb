/*
 * libde265's picture allocation, cleared (CHEIFZeroFill.h). The layout follows libde265 1.0.11's
 * de265_image_get_buffer (image.cc): rows of `spec->alignment` samples, 16-byte aligned, 16 bytes
 * of padding after the last row (its SSE4.1 code may read, never use, that far).
 */
#include "CHEIFZeroFill.h"

#include <libde265/de265.h>

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The first libde265 that clears new pictures itself (de265_get_version_number's BCD). */
static const uint32_t clears_pictures_from = 0x01001600;

static const size_t plane_padding = 16;

static void free_planes(void *planes[3])
{
    for (int c = 0; c < 3; c++) {
        free(planes[c]);
        planes[c] = NULL;
    }
}

/* Each plane is allocated and then cleared whole (rows, their padding, the bytes after): the
 * picture starts as zeros and the decode writes what it decodes. The allocation is also the
 * plane's user data, which libde265 keeps with the plane (and swaps with it when SAO exchanges
 * two pictures' planes), so the release frees exactly what was allocated: libde265's public
 * accessor gives only the start of the conformance window. */
static int zeroed_get_buffer(de265_decoder_context *context, struct de265_image_spec *spec, struct de265_image *image,
                             void *userdata)
{
    (void)context;
    (void)userdata;
    int planes = 3, sub_width = 1, sub_height = 1;
    switch (spec->format) {
    case de265_image_format_mono8: planes = 1; break;
    case de265_image_format_YUV420P8: sub_width = 2; sub_height = 2; break;
    case de265_image_format_YUV422P8: sub_width = 2; break;
    case de265_image_format_YUV444P8: break;
    default: return 0;
    }
    if (spec->width <= 0 || spec->height <= 0) return 0;
    size_t alignment = spec->alignment > 0 ? (size_t)spec->alignment : 16;

    void *allocated[3] = {NULL, NULL, NULL};
    size_t row_bytes[3] = {0, 0, 0};
    for (int c = 0; c < planes; c++) {
        /* Samples of 9 to 16 bits take two bytes. libde265 sets the picture's SPS, whose bit
         * depths this reads, before allocating it (every picture it allocates while decoding has
         * one). */
        int bits = de265_get_bits_per_pixel(image, c);
        if (bits < 1 || bits > 16) {
            free_planes(allocated);
            return 0;
        }
        size_t bytes_per_sample = (size_t)(bits + 7) / 8;
        size_t width = c == 0 ? (size_t)spec->width : ((size_t)spec->width + (size_t)sub_width - 1) / (size_t)sub_width;
        size_t height = c == 0 ? (size_t)spec->height
                               : ((size_t)spec->height + (size_t)sub_height - 1) / (size_t)sub_height;
        size_t stride = (width + alignment - 1) / alignment * alignment;
        size_t bytes;
        if (__builtin_mul_overflow(stride, bytes_per_sample, &row_bytes[c]) || row_bytes[c] > INT32_MAX
            || __builtin_mul_overflow(row_bytes[c], height, &bytes) || bytes > SIZE_MAX - plane_padding
            || posix_memalign(&allocated[c], 16, bytes + plane_padding) != 0) {
            allocated[c] = NULL;
            free_planes(allocated);
            return 0;
        }
        memset(allocated[c], 0, bytes + plane_padding);
    }
    /* A monochrome picture's chroma planes are null with a stride of 0, as libde265's own. */
    for (int c = 0; c < 3; c++) de265_set_image_plane(image, c, allocated[c], (int)row_bytes[c], allocated[c]);
    return 1;
}

static void zeroed_release_buffer(de265_decoder_context *context, struct de265_image *image, void *userdata)
{
    (void)context;
    (void)userdata;
    for (int c = 0; c < 3; c++) free(de265_get_image_plane_user_data(image, c));
}

static pthread_once_t installation = PTHREAD_ONCE_INIT;
static int pictures_start_as_zeros = 0;

static void install(void)
{
    if (de265_get_version_number() >= clears_pictures_from) {
        pictures_start_as_zeros = 1;
        return;
    }
    /* The pointer is const in the API only: the struct is libde265's mutable global (see the
     * header), which each new decoder and picture copies. */
    struct de265_image_allocation *defaults =
        (struct de265_image_allocation *)(uintptr_t)de265_get_default_image_allocation_functions();
    if (!defaults) return;
    defaults->get_buffer = zeroed_get_buffer;
    defaults->release_buffer = zeroed_release_buffer;
    pictures_start_as_zeros = 1;
}

int gg_heif_zero_fill_new_pictures(void)
{
    pthread_once(&installation, install);
    return pictures_start_as_zeros;
}

const char *gg_heif_libde265_version(void) { return de265_get_version(); }
