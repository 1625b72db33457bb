#ifndef GPUGLITCH_CTURBOJPEG_SHIM_H
#define GPUGLITCH_CTURBOJPEG_SHIM_H
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>
#include <jpeglib.h>
#include <jerror.h>
// TJSCALED is a function-like macro Swift does not import.
static inline int gpuglitch_tjScaled(int dimension, tjscalingfactor factor) {
    return TJSCALED(dimension, factor);
}

// ---------------------------------------------------------------------------------------------
// Pillow's truncation verdict, with libjpeg's own API (JPEGPillowVerdict.swift says why).
//
// Pillow feeds libjpeg through a *suspending* source: when libjpeg asks for bytes that are not
// there, it suspends instead of inventing an end of image (TurboJPEG's memory source warns
// "Premature end of JPEG file" and goes on with zeros). With no more bytes to come, Pillow then
// raises "image file is truncated" unless every scanline was already out. This runs the same
// calls Pillow's JpegDecode.c makes (jpeg_read_header, jpeg_start_decompress, one scanline at a
// time, jpeg_finish_decompress) over the whole file, at 1/8 scale without fancy upsampling:
// the entropy decoding, which is all that decides where libjpeg asks for more bytes, is the
// same at every scale, and this is the cheapest output libjpeg offers.
// The longjmp of libjpeg's fatal errors stays inside these C functions.

/// 0: Pillow reads the file; 1: Pillow raises "image file is truncated"; 2: libjpeg stopped with
/// a fatal error (its message in the verdict's message).
enum { GPUGLITCH_JPEG_READ = 0, GPUGLITCH_JPEG_TRUNCATED = 1, GPUGLITCH_JPEG_ERROR = 2 };

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} gpuglitch_jpeg_error;

static void gpuglitch_jpeg_error_exit(j_common_ptr cinfo) {
    gpuglitch_jpeg_error *error = (gpuglitch_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

static void gpuglitch_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// TurboJPEG's TJFLAG_LIMITSCANS for this decode too: a progressive file with an absurd number
/// of scans (a known denial of service) stops here as it stops there.
static void gpuglitch_jpeg_limit_scans(j_common_ptr cinfo) {
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    if (decompress->input_scan_number > 500) {
        gpuglitch_jpeg_error *error = (gpuglitch_jpeg_error *)cinfo->err;
        snprintf(error->message, JMSG_LENGTH_MAX, "Progressive JPEG image has more than 500 scans");
        longjmp(error->jump, 1);
    }
}

static void gpuglitch_jpeg_init_source(j_decompress_ptr cinfo) { (void)cinfo; }

/// No more bytes will come: suspend, as Pillow's source does when its buffer is empty.
static boolean gpuglitch_jpeg_fill_input_buffer(j_decompress_ptr cinfo) { (void)cinfo; return FALSE; }

/// A skip past the end leaves nothing to read; the next read suspends (Pillow keeps the rest of
/// the skip for bytes that never come).
static void gpuglitch_jpeg_skip_input_data(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (count <= 0) return;
    if ((size_t)count > source->bytes_in_buffer) {
        source->next_input_byte += source->bytes_in_buffer;
        source->bytes_in_buffer = 0;
    } else {
        source->next_input_byte += count;
        source->bytes_in_buffer -= (size_t)count;
    }
}

static void gpuglitch_jpeg_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

/// The body of `gpuglitch_jpeg_pillow_verdict`, after the error handler is armed. Returns
/// GPUGLITCH_JPEG_READ or GPUGLITCH_JPEG_TRUNCATED; fatal errors leave through the longjmp.
static int gpuglitch_jpeg_pillow_steps(struct jpeg_decompress_struct *cinfo) {
    int header;
    do {
        header = jpeg_read_header(cinfo, FALSE);
    } while (header == JPEG_HEADER_TABLES_ONLY);
    if (header == JPEG_SUSPENDED) return GPUGLITCH_JPEG_TRUNCATED;
    cinfo->scale_num = 1;
    cinfo->scale_denom = 8;
    cinfo->do_fancy_upsampling = FALSE;
    cinfo->dct_method = JDCT_IFAST;
    // Multi-scan files (progressive, or one component a scan) are read to their end here.
    if (!jpeg_start_decompress(cinfo)) return GPUGLITCH_JPEG_TRUNCATED;
    JSAMPARRAY row = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE,
                                                 cinfo->output_width * cinfo->output_components, 1);
    while (cinfo->output_scanline < cinfo->output_height) {
        if (jpeg_read_scanlines(cinfo, row, 1) != 1) return GPUGLITCH_JPEG_TRUNCATED;
    }
    // Every row is out: Pillow ignores a suspension here (its "y < ysize" test), not an error.
    (void)jpeg_finish_decompress(cinfo);
    return GPUGLITCH_JPEG_READ;
}

/// Pillow 13's verdict on `size` bytes of JPEG at `data` (see above). `message` receives
/// libjpeg's text for GPUGLITCH_JPEG_ERROR.
static inline int gpuglitch_jpeg_pillow_verdict(const unsigned char *data, size_t size,
                                                char message[JMSG_LENGTH_MAX]) {
    struct jpeg_decompress_struct cinfo;
    gpuglitch_jpeg_error error;
    struct jpeg_source_mgr source;
    struct jpeg_progress_mgr progress;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = gpuglitch_jpeg_limit_scans;
    memset(&error, 0, sizeof error);
    cinfo.err = jpeg_std_error(&error.pub);
    error.pub.error_exit = gpuglitch_jpeg_error_exit;
    error.pub.output_message = gpuglitch_jpeg_output_message;
    message[0] = 0;
    if (setjmp(error.jump)) {
        memcpy(message, error.message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        jpeg_destroy_decompress(&cinfo);
        return GPUGLITCH_JPEG_ERROR;
    }
    jpeg_create_decompress(&cinfo);
    source.next_input_byte = data;
    source.bytes_in_buffer = size;
    source.init_source = gpuglitch_jpeg_init_source;
    source.fill_input_buffer = gpuglitch_jpeg_fill_input_buffer;
    source.skip_input_data = gpuglitch_jpeg_skip_input_data;
    source.resync_to_restart = jpeg_resync_to_restart;
    source.term_source = gpuglitch_jpeg_term_source;
    cinfo.src = &source;
    cinfo.progress = &progress;
    int verdict = gpuglitch_jpeg_pillow_steps(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return verdict;
}
// ---------------------------------------------------------------------------------------------
// JPEG writing with libjpeg's own API, for what tjCompress2 cannot ask for: optimised Huffman
// tables (TurboJPEG 2 reads that only from the TJ_OPTIMIZE environment variable, which is
// process-wide). The settings are tjCompress2's with TJFLAG_ACCURATEDCT (and Pillow's `save`):
// RGBA input, libjpeg's defaults, baseline quantisation tables for `quality`, the slow integer
// DCT, YCbCr with luma sampled `h_samp` x `v_samp` against chroma 1x1, a JFIF header.
//
// The output goes to a buffer this file owns (not jpeg_mem_dest, whose caller's pointer is
// stale after a growth until jpeg_finish_compress), so that after a fatal error the one live
// allocation is known and freed.
typedef struct {
    struct jpeg_destination_mgr pub;
    unsigned char *buffer;
    size_t capacity;
    size_t length;
} gpuglitch_jpeg_destination;

static void gpuglitch_jpeg_init_destination(j_compress_ptr cinfo) {
    gpuglitch_jpeg_destination *dest = (gpuglitch_jpeg_destination *)cinfo->dest;
    dest->pub.next_output_byte = dest->buffer;
    dest->pub.free_in_buffer = dest->capacity;
}

/// The buffer is full: double it (libjpeg's error exit on failure).
static boolean gpuglitch_jpeg_empty_output_buffer(j_compress_ptr cinfo) {
    gpuglitch_jpeg_destination *dest = (gpuglitch_jpeg_destination *)cinfo->dest;
    size_t used = dest->capacity;
    unsigned char *grown = (unsigned char *)realloc(dest->buffer, dest->capacity * 2);
    if (!grown) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    dest->buffer = grown;
    dest->capacity *= 2;
    dest->pub.next_output_byte = grown + used;
    dest->pub.free_in_buffer = dest->capacity - used;
    return TRUE;
}

static void gpuglitch_jpeg_term_destination(j_compress_ptr cinfo) {
    gpuglitch_jpeg_destination *dest = (gpuglitch_jpeg_destination *)cinfo->dest;
    dest->length = dest->capacity - dest->pub.free_in_buffer;
}

/// A memory destination with its first 64 kB, on the heap (so that its pointer stays the same
/// across a setjmp), or NULL with "out of memory" in `message`.
static inline gpuglitch_jpeg_destination *gpuglitch_jpeg_destination_new(char message[JMSG_LENGTH_MAX]) {
    gpuglitch_jpeg_destination *dest = (gpuglitch_jpeg_destination *)calloc(1, sizeof *dest);
    if (dest) {
        dest->capacity = 64 * 1024;
        dest->buffer = (unsigned char *)malloc(dest->capacity);
    }
    if (!dest || !dest->buffer) {
        free(dest);
        snprintf(message, JMSG_LENGTH_MAX, "out of memory");
        return NULL;
    }
    dest->pub.init_destination = gpuglitch_jpeg_init_destination;
    dest->pub.empty_output_buffer = gpuglitch_jpeg_empty_output_buffer;
    dest->pub.term_destination = gpuglitch_jpeg_term_destination;
    return dest;
}

/// Returns 0 with a malloc'd file in *out (free it) of *size bytes, or -1 with libjpeg's message.
/// `gpuglitch_jpeg_compress` with every sampling factor (`samp`: h, v for Y, Cb, Cr), a restart
/// interval in MCU rows (0: none) and grayscale output (`gray`): the tests make files of every
/// layout libjpeg-turbo decodes with it.
static inline int gpuglitch_jpeg_compress_layout(const unsigned char *rgba, int width, int height, int quality,
                                                 const int samp[6], int progressive, int optimize,
                                                 int restart_rows, int gray,
                                                 unsigned char **out, size_t *size,
                                                 char message[JMSG_LENGTH_MAX]) {
    struct jpeg_compress_struct cinfo;
    gpuglitch_jpeg_error error;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&error, 0, sizeof error);
    cinfo.err = jpeg_std_error(&error.pub);
    error.pub.error_exit = gpuglitch_jpeg_error_exit;
    error.pub.output_message = gpuglitch_jpeg_output_message;
    message[0] = 0;
    *out = NULL;
    *size = 0;
    // On the heap, and this pointer never changes after setjmp: what the longjmp finds in it
    // (the grown buffer) is defined, as a changed local would not be.
    gpuglitch_jpeg_destination *dest = gpuglitch_jpeg_destination_new(message);
    if (!dest) return -1;
    if (setjmp(error.jump)) {
        memcpy(message, error.message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        jpeg_destroy_compress(&cinfo);
        free(dest->buffer);
        free(dest);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    cinfo.dest = &dest->pub;
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_set_colorspace(&cinfo, gray ? JCS_GRAYSCALE : JCS_YCbCr);
    for (int ci = 0; ci < cinfo.num_components; ci++) {
        cinfo.comp_info[ci].h_samp_factor = samp[2 * ci];
        cinfo.comp_info[ci].v_samp_factor = samp[2 * ci + 1];
    }
    cinfo.restart_in_rows = restart_rows;
    cinfo.optimize_coding = optimize ? TRUE : FALSE;
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * 4;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = dest->buffer;
    *size = dest->length;
    free(dest);
    return 0;
}

static inline int gpuglitch_jpeg_compress(const unsigned char *rgba, int width, int height, int quality,
                                          int h_samp, int v_samp, int progressive, int optimize,
                                          unsigned char **out, size_t *size,
                                          char message[JMSG_LENGTH_MAX]) {
    const int samp[6] = { h_samp, v_samp, 1, 1, 1, 1 };
    return gpuglitch_jpeg_compress_layout(rgba, width, height, quality, samp, progressive, optimize, 0, 0,
                                          out, size, message);
}

// ---------------------------------------------------------------------------------------------
// A JPEG's quantised DCT coefficients (jpeg_read_coefficients), for the device decoder
// (JPEGCoefficientReader.swift says why and what is done with them). Set up as tjDecompress2
// sets up a decode (the accurate integer IDCT, fancy upsampling, RGBA out, 1/scale_denom) so
// that jpeg_calc_output_dimensions gives the IDCT size and downsampled size of each component
// that decode uses; those are copied out before the coefficients are read. Any libjpeg warning
// ends the read as an error would: the caller then decodes on the host, which gives the file
// its verdict and message. The longjmp of libjpeg's errors stays inside these functions.

enum { GPUGLITCH_JPEG_MAX_COMPONENTS = 4 };

/// One component's blocks of a sequential file, entropy-decoded straight into the caller's
/// buffer instead of a whole-image virtual array (gpuglitch_jpeg_coefficients_decode_into): the
/// array libjpeg would allocate and zero is as large as the upload itself, and its page faults
/// and zeroing cost about half as much as the entropy decode. libjpeg asks for the rows of one
/// iMCU row at a time, in order; each is handed out zeroed (libjpeg's arrays are pre-zeroed:
/// its decoder writes only the nonzero coefficients) where it lies in `out`, or in `scratch`
/// where libjpeg's padding blocks would land on blocks it has already decoded, and copied out
/// of `scratch` when libjpeg moves on.
typedef struct {
    JBLOCKROW out;                      // the component's first block in the caller's buffer
    JDIMENSION width, height;           // width_in_blocks, height_in_blocks: what `out` holds
    JDIMENSION padded_width;            // libjpeg's row: width rounded up to an MCU's blocks
    JDIMENSION max_access;
    JBLOCKROW scratch;                  // max_access rows of padded_width blocks
    JBLOCKARRAY rows;                   // what the last access handed out
    JDIMENSION start, count;            // the rows it handed out (count 0: none yet)
    JDIMENSION next;                    // rows before this one were handed out and are final
} gpuglitch_jpeg_block_stream;

typedef struct {
    struct jpeg_decompress_struct cinfo;
    gpuglitch_jpeg_error error;
    struct jpeg_progress_mgr progress;
    jvirt_barray_ptr *arrays;
    int created;
    // jpeg_calc_output_dimensions' results for the requested scale.
    unsigned int output_width, output_height;
    int min_dct_scaled_size;
    int dct_scaled_size[GPUGLITCH_JPEG_MAX_COMPONENTS];
    unsigned int downsampled_width[GPUGLITCH_JPEG_MAX_COMPONENTS];
    unsigned int downsampled_height[GPUGLITCH_JPEG_MAX_COMPONENTS];
    // Whether libjpeg would smooth the blocks of this progressive file (jdcoefct.c's
    // smoothing_ok after the last scan: some of the first nine AC coefficients not fully known).
    int block_smoothing;
    // gpuglitch_jpeg_coefficients_decode_into's destination, one stream a component.
    gpuglitch_jpeg_block_stream streams[GPUGLITCH_JPEG_MAX_COMPONENTS];
    int stream_count;
} gpuglitch_jpeg_coefficient_reader;

/// A warning ends the read: the host decoder, not this reader, decides what it means.
static void gpuglitch_jpeg_coefficients_emit(j_common_ptr cinfo, int msg_level) {
    if (msg_level < 0) gpuglitch_jpeg_error_exit(cinfo);
}

/// jdcoefct.c's smoothing_ok (libjpeg-turbo 2.1: SAVED_COEFS = 10), read after the last scan.
static int gpuglitch_jpeg_smoothing_applies(j_decompress_ptr cinfo) {
    static const int positions[10] = { 0, 1, 8, 16, 9, 2, 3, 10, 17, 24 };
    int useful = 0;
    if (!cinfo->progressive_mode || cinfo->coef_bits == NULL) return 0;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        JQUANT_TBL *table = cinfo->comp_info[ci].quant_table;
        if (table == NULL) return 0;
        for (int i = 0; i < 10; i++) if (table->quantval[positions[i]] == 0) return 0;
        int *bits = cinfo->coef_bits[ci];
        if (bits[0] < 0) return 0;
        for (int k = 1; k < 10; k++) if (bits[k] != 0) useful = 1;
    }
    return useful;
}

/// Reads the header of `size` bytes at `data`, sized for a decode at 1/`scale_denom`, and, if
/// `read_coefficients`, every coefficient (without, the device decodes them: issue 35 stage 2,
/// JPEGEntropyScan.swift). Returns 0, or -1 with libjpeg's message (the reader is then closed
/// by the caller all the same).
static inline int gpuglitch_jpeg_coefficients_start(gpuglitch_jpeg_coefficient_reader *reader,
                                                    const unsigned char *data, size_t size, int scale_denom,
                                                    int read_coefficients, char message[JMSG_LENGTH_MAX]) {
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    message[0] = 0;
    cinfo->err = jpeg_std_error(&reader->error.pub);
    reader->error.pub.error_exit = gpuglitch_jpeg_error_exit;
    reader->error.pub.output_message = gpuglitch_jpeg_output_message;
    reader->error.pub.emit_message = gpuglitch_jpeg_coefficients_emit;
    reader->progress.progress_monitor = gpuglitch_jpeg_limit_scans;
    if (setjmp(reader->error.jump)) {
        memcpy(message, reader->error.message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        return -1;
    }
    jpeg_create_decompress(cinfo);
    reader->created = 1;
    cinfo->progress = &reader->progress;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    if (cinfo->num_components < 1 || cinfo->num_components > GPUGLITCH_JPEG_MAX_COMPONENTS) {
        snprintf(reader->error.message, JMSG_LENGTH_MAX, "%d components", cinfo->num_components);
        longjmp(reader->error.jump, 1);
    }
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned int)scale_denom;
    cinfo->dct_method = JDCT_ISLOW;
    cinfo->do_fancy_upsampling = TRUE;
    cinfo->out_color_space = JCS_EXT_RGBA;
    jpeg_calc_output_dimensions(cinfo);
    reader->output_width = cinfo->output_width;
    reader->output_height = cinfo->output_height;
    reader->min_dct_scaled_size = cinfo->min_DCT_scaled_size;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        reader->dct_scaled_size[ci] = cinfo->comp_info[ci].DCT_scaled_size;
        reader->downsampled_width[ci] = cinfo->comp_info[ci].downsampled_width;
        reader->downsampled_height[ci] = cinfo->comp_info[ci].downsampled_height;
    }
    if (!read_coefficients) return 0;
    reader->arrays = jpeg_read_coefficients(cinfo);
    reader->block_smoothing = gpuglitch_jpeg_smoothing_applies(cinfo);
    return 0;
}

static void gpuglitch_jpeg_stream_fail(j_common_ptr cinfo, const char *what) {
    gpuglitch_jpeg_error *error = (gpuglitch_jpeg_error *)cinfo->err;
    snprintf(error->message, JMSG_LENGTH_MAX, "coefficient stream: %s", what);
    longjmp(error->jump, 1);
}

/// Copies the rows of the last access that libjpeg was handed in `scratch` into `out` (padding
/// rows past `height` and padding blocks past `width` are dropped, as libjpeg's IDCT drops them).
static void gpuglitch_jpeg_stream_settle(gpuglitch_jpeg_block_stream *stream) {
    for (JDIMENSION r = 0; r < stream->count; r++) {
        JDIMENSION row = stream->start + r;
        if (row >= stream->height) break;
        JBLOCKROW target = stream->out + (size_t)row * stream->width;
        if (stream->rows[r] != target) memcpy(target, stream->rows[r], (size_t)stream->width * sizeof(JBLOCK));
    }
    stream->count = 0;
}

/// jmemmgr.c's request_virt_barray for jdcoefct.c's whole-image arrays, which it asks for one
/// a component in component order.
static jvirt_barray_ptr gpuglitch_jpeg_stream_request(j_common_ptr cinfo, int pool_id, boolean pre_zero,
                                                      JDIMENSION blocks_per_row, JDIMENSION rows,
                                                      JDIMENSION max_access) {
    (void)pool_id;
    gpuglitch_jpeg_coefficient_reader *reader = (gpuglitch_jpeg_coefficient_reader *)cinfo;
    j_decompress_ptr decompress = &reader->cinfo;
    int ci = reader->stream_count;
    if (ci >= decompress->num_components || !pre_zero || max_access == 0) gpuglitch_jpeg_stream_fail(cinfo, "request");
    jpeg_component_info *component = &decompress->comp_info[ci];
    gpuglitch_jpeg_block_stream *stream = &reader->streams[ci];
    JDIMENSION h = (JDIMENSION)component->h_samp_factor, v = (JDIMENSION)component->v_samp_factor;
    if (blocks_per_row != (component->width_in_blocks + h - 1) / h * h
        || rows != (component->height_in_blocks + v - 1) / v * v
        || stream->width != component->width_in_blocks || stream->height != component->height_in_blocks) {
        gpuglitch_jpeg_stream_fail(cinfo, "layout");
    }
    stream->padded_width = blocks_per_row;
    stream->max_access = max_access;
    stream->scratch = (JBLOCKROW)(*cinfo->mem->alloc_large)(cinfo, JPOOL_IMAGE,
                                                            (size_t)max_access * blocks_per_row * sizeof(JBLOCK));
    stream->rows = (JBLOCKARRAY)(*cinfo->mem->alloc_small)(cinfo, JPOOL_IMAGE, max_access * sizeof(JBLOCKROW));
    reader->stream_count = ci + 1;
    return (jvirt_barray_ptr)stream;
}

/// jmemmgr.c's access_virt_barray for a stream: rows strictly in order, each handed out once
/// (a sequential scan's pattern; anything else, such as a component in two scans, is not
/// reproduced here and ends the read). libjpeg writes a padding block past the end of a row
/// when the width is not a whole number of MCUs: a row lies in `out` only where that block
/// falls on a row handed out later (then zeroed again), else in `scratch`.
static JBLOCKARRAY gpuglitch_jpeg_stream_access(j_common_ptr cinfo, jvirt_barray_ptr array, JDIMENSION start,
                                                JDIMENSION count, boolean writable) {
    gpuglitch_jpeg_block_stream *stream = (gpuglitch_jpeg_block_stream *)array;
    if (stream->count != 0 && start == stream->start && count == stream->count) return stream->rows;
    if (!writable || count == 0 || count > stream->max_access || start != stream->next) {
        gpuglitch_jpeg_stream_fail(cinfo, "access out of order");
    }
    gpuglitch_jpeg_stream_settle(stream);
    size_t blocks = (size_t)stream->width * stream->height;
    for (JDIMENSION r = 0; r < count; r++) {
        JDIMENSION row = start + r;
        size_t first = (size_t)row * stream->width;
        int direct = row < stream->height
            && (stream->padded_width == stream->width || (r == count - 1 && first + stream->padded_width <= blocks));
        stream->rows[r] = direct ? stream->out + first : stream->scratch + (size_t)r * stream->padded_width;
        memset(stream->rows[r], 0, (size_t)stream->padded_width * sizeof(JBLOCK));
    }
    stream->start = start;
    stream->count = count;
    stream->next = start + count;
    return stream->rows;
}

/// Whether every component is in the file's first scan, which `gpuglitch_jpeg_coefficients_start`
/// has reached: then the quantisation tables the headers left are the ones the decode latches.
static inline int gpuglitch_jpeg_coefficients_first_scan_has_all(const gpuglitch_jpeg_coefficient_reader *reader) {
    return reader->cinfo.comps_in_scan == reader->cinfo.num_components;
}

/// Entropy-decodes the blocks of a file whose header `gpuglitch_jpeg_coefficients_start` has
/// read (without the coefficients) into `out`: every component's `width_in_blocks` x
/// `height_in_blocks` blocks, component after component, natural order, block rows top to
/// bottom; `block_count` is their sum, checked. A sequential file is decoded straight into
/// `out` (gpuglitch_jpeg_block_stream); a progressive one, whose scans refine blocks decoded
/// before, into libjpeg's arrays and copied; so is any file without `stream` (the reference
/// the tests compare the streamed blocks with). Returns 0, or -1 with the message: any libjpeg
/// warning too, as with `gpuglitch_jpeg_coefficients_start`.
static inline int gpuglitch_jpeg_coefficients_decode_started(gpuglitch_jpeg_coefficient_reader *reader,
                                                             short *out, size_t block_count, int stream,
                                                             char message[JMSG_LENGTH_MAX]) {
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    message[0] = 0;
    if (setjmp(reader->error.jump)) {
        memcpy(message, reader->error.message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        return -1;
    }
    size_t total = 0;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        jpeg_component_info *component = &cinfo->comp_info[ci];
        gpuglitch_jpeg_block_stream *stream = &reader->streams[ci];
        memset(stream, 0, sizeof(*stream));
        stream->out = (JBLOCKROW)out + total;
        stream->width = component->width_in_blocks;
        stream->height = component->height_in_blocks;
        total += (size_t)component->width_in_blocks * component->height_in_blocks;
    }
    if (total != block_count) gpuglitch_jpeg_stream_fail((j_common_ptr)cinfo, "block count");
    if (cinfo->progressive_mode || !stream) {
        reader->arrays = jpeg_read_coefficients(cinfo);
        reader->block_smoothing = gpuglitch_jpeg_smoothing_applies(cinfo);
        for (int ci = 0; ci < cinfo->num_components; ci++) {
            gpuglitch_jpeg_block_stream *stream = &reader->streams[ci];
            for (JDIMENSION row = 0; row < stream->height; row++) {
                JBLOCKARRAY blocks = (*cinfo->mem->access_virt_barray)((j_common_ptr)cinfo, reader->arrays[ci], row, 1, FALSE);
                memcpy(stream->out + (size_t)row * stream->width, blocks[0], (size_t)stream->width * sizeof(JBLOCK));
            }
        }
        return 0;
    }
    reader->stream_count = 0;
    cinfo->mem->request_virt_barray = gpuglitch_jpeg_stream_request;
    cinfo->mem->access_virt_barray = gpuglitch_jpeg_stream_access;
    reader->arrays = jpeg_read_coefficients(cinfo);
    if (reader->stream_count != cinfo->num_components) gpuglitch_jpeg_stream_fail((j_common_ptr)cinfo, "arrays");
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        gpuglitch_jpeg_block_stream *stream = &reader->streams[ci];
        gpuglitch_jpeg_stream_settle(stream);
        // Rows no scan reached stay as libjpeg's pre-zeroed arrays leave them.
        if (stream->next < stream->height) {
            memset(stream->out + (size_t)stream->next * stream->width, 0,
                   (size_t)(stream->height - stream->next) * stream->width * sizeof(JBLOCK));
        }
    }
    return 0;
}

/// `gpuglitch_jpeg_coefficients_start` without the coefficients, then
/// `gpuglitch_jpeg_coefficients_decode_started`.
static inline int gpuglitch_jpeg_coefficients_decode_into(gpuglitch_jpeg_coefficient_reader *reader,
                                                          const unsigned char *data, size_t size, int scale_denom,
                                                          short *out, size_t block_count, int stream,
                                                          char message[JMSG_LENGTH_MAX]) {
    if (gpuglitch_jpeg_coefficients_start(reader, data, size, scale_denom, 0, message) != 0) return -1;
    return gpuglitch_jpeg_coefficients_decode_started(reader, out, block_count, stream, message);
}

/// For the tests of the streamed blocks: the same coefficients rewritten (as `jpegtran -scans`)
/// as a sequential file with one scan a component, the layout where libjpeg asks for one
/// component's rows at a time. Returns 0 with a malloc'd file in *out (free it), or -1.
static inline int gpuglitch_jpeg_rewrite_scan_per_component(const unsigned char *data, size_t size,
                                                            unsigned char **out, size_t *out_size,
                                                            char message[JMSG_LENGTH_MAX]) {
    struct jpeg_decompress_struct source;
    struct jpeg_compress_struct target;
    gpuglitch_jpeg_error error;
    jpeg_scan_info scans[GPUGLITCH_JPEG_MAX_COMPONENTS];
    message[0] = 0;
    *out = NULL;
    *out_size = 0;
    gpuglitch_jpeg_destination *dest = gpuglitch_jpeg_destination_new(message);
    if (!dest) return -1;
    // Zeroed, so that the destroys below are harmless for a struct not yet created.
    memset(&source, 0, sizeof source);
    memset(&target, 0, sizeof target);
    source.err = jpeg_std_error(&error.pub);
    target.err = &error.pub;
    error.pub.error_exit = gpuglitch_jpeg_error_exit;
    error.pub.output_message = gpuglitch_jpeg_output_message;
    if (setjmp(error.jump)) {
        memcpy(message, error.message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        jpeg_destroy_compress(&target);
        jpeg_destroy_decompress(&source);
        free(dest->buffer);
        free(dest);
        return -1;
    }
    jpeg_create_decompress(&source);
    jpeg_create_compress(&target);
    jpeg_mem_src(&source, data, (unsigned long)size);
    jpeg_read_header(&source, TRUE);
    jvirt_barray_ptr *arrays = jpeg_read_coefficients(&source);
    jpeg_copy_critical_parameters(&source, &target);
    for (int ci = 0; ci < source.num_components && ci < GPUGLITCH_JPEG_MAX_COMPONENTS; ci++) {
        scans[ci].comps_in_scan = 1;
        scans[ci].component_index[0] = ci;
        scans[ci].Ss = 0;
        scans[ci].Se = DCTSIZE2 - 1;
        scans[ci].Ah = 0;
        scans[ci].Al = 0;
    }
    target.scan_info = scans;
    target.num_scans = source.num_components;
    target.dest = &dest->pub;
    jpeg_write_coefficients(&target, arrays);
    jpeg_finish_compress(&target);
    jpeg_destroy_compress(&target);
    jpeg_destroy_decompress(&source);
    *out = dest->buffer;
    *out_size = dest->length;
    free(dest);
    return 0;
}

static inline void gpuglitch_jpeg_coefficients_close(gpuglitch_jpeg_coefficient_reader *reader) {
    if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
    reader->created = 0;
}

/// A zeroed reader, sized here: the C functions write all of it (the block streams at its end),
/// so its size must be C's, whatever view of the struct a caller was compiled with.
static inline gpuglitch_jpeg_coefficient_reader *gpuglitch_jpeg_coefficients_new(void) {
    return (gpuglitch_jpeg_coefficient_reader *)calloc(1, sizeof(gpuglitch_jpeg_coefficient_reader));
}

/// Closes and frees a reader from `gpuglitch_jpeg_coefficients_new`.
static inline void gpuglitch_jpeg_coefficients_free(gpuglitch_jpeg_coefficient_reader *reader) {
    if (!reader) return;
    gpuglitch_jpeg_coefficients_close(reader);
    free(reader);
}
#endif
