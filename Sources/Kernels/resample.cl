// Resampling passes (DESIGN 4.1) and the premultiply / unpremultiply passes around them.
//
// The weights are computed on the host in double precision and quantised to 22-bit fixed
// point (Pillow's normalize_coeffs_8bpc); the kernels only do integer arithmetic, so every
// device and the CPU fallback produce the same bytes. Pixels are RGBA8 as uchar4, rows
// tightly packed. Output pixel i of a pass reads bounds[2i + 1] source pixels starting at
// bounds[2i], weighted by coefficients[i * taps ...].
//
// The host rounds the global size up to a multiple of the work-group size (so that a prime
// width does not force work-groups of one on a GPU); work-items past the image return at once.

#define PRECISION_BITS 22

// clamp(acc >> 22, 0, 255) per channel, as Pillow's clip8.
inline uchar4 clip8(int4 acc) {
    return convert_uchar4(clamp(acc >> PRECISION_BITS, 0, 255));
}

// One row band of a horizontal pass: dst is dstWidth x dstHeight; output row y reads
// source row firstRow + y.
__kernel void resample_horizontal(__global const uchar4 *src, int srcWidth, int firstRow,
                                  __global uchar4 *dst, int dstWidth, int dstHeight,
                                  __global const int *bounds, __global const int *coefficients,
                                  int taps) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= dstWidth || y >= dstHeight) return;
    int start = bounds[2 * x];
    int length = bounds[2 * x + 1];
    __global const uchar4 *in = src + (size_t)(firstRow + y) * srcWidth + start;
    __global const int *k = coefficients + (size_t)x * taps;
    int4 acc = (int4)(1 << (PRECISION_BITS - 1));
    for (int i = 0; i < length; i++) {
        acc += convert_int4(in[i]) * k[i];
    }
    dst[(size_t)y * dstWidth + x] = clip8(acc);
}

// A vertical pass: dst is width x dstHeight; output row y reads source rows bounds[2y] ...
// of the same column.
__kernel void resample_vertical(__global const uchar4 *src, int width,
                                __global uchar4 *dst, int dstHeight,
                                __global const int *bounds, __global const int *coefficients,
                                int taps) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= width || y >= dstHeight) return;
    int start = bounds[2 * y];
    int length = bounds[2 * y + 1];
    __global const uchar4 *in = src + (size_t)start * width + x;
    __global const int *k = coefficients + (size_t)y * taps;
    int4 acc = (int4)(1 << (PRECISION_BITS - 1));
    for (int i = 0; i < length; i++) {
        acc += convert_int4(in[(size_t)i * width]) * k[i];
    }
    dst[(size_t)y * width + x] = clip8(acc);
}

// RGBA -> premultiplied RGBa, Pillow's rgba2rgbA: MULDIV255(c, a) = (t + (t >> 8)) >> 8 with
// t = c * a + 128. One work-item per pixel of `count`.
__kernel void premultiply(__global const uchar4 *src, __global uchar4 *dst, uint count) {
    size_t i = get_global_id(0);
    if (i >= count) return;
    uint4 p = convert_uint4(src[i]);
    uint4 t = p * p.w + 128u;
    uint4 r = (t + (t >> 8)) >> 8;
    r.w = p.w;
    dst[i] = convert_uchar4(r);
}

// Premultiplied RGBa -> RGBA, Pillow's rgbA2rgba: alpha 0 and 255 leave the pixel as it is,
// otherwise min(255, 255 * c / a) with integer division.
__kernel void unpremultiply(__global const uchar4 *src, __global uchar4 *dst, uint count) {
    size_t i = get_global_id(0);
    if (i >= count) return;
    uchar4 q = src[i];
    uint a = q.w;
    if (a == 0u || a == 255u) {
        dst[i] = q;
        return;
    }
    uint4 r = min((convert_uint4(q) * 255u) / a, (uint4)(255u));
    r.w = a;
    dst[i] = convert_uchar4(r);
}
