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
#define HALF (1 << (PRECISION_BITS - 1))

// Each work-item makes two output pixels that share their weights: two rows of one column in
// the horizontal pass, two neighbouring columns of one row in the vertical pass. The two
// pixels' eight channels go through the tap loop as one int8, so a CPU device (POCL) runs
// each tap as one 8-lane multiply-add, and every work-item loads its coefficient once for
// both. A GPU still gets one work-item per pixel pair, each reading whole aligned uchar4s.
//
// Pixels are widened channel by channel, `(int4)(p.x, p.y, p.z, p.w)`, and not with
// `convert_int4(p)`: POCL (LLVM 15, x86) compiles the former into one zero-extending load
// and the latter into eight scalar instructions per tap, which made the passes 2.5x slower.

// clamp(acc >> 22, 0, 255) per channel, as Pillow's clip8.
inline uchar4 clip8(int4 acc) {
    return convert_uchar4(clamp(acc >> PRECISION_BITS, 0, 255));
}

inline uchar8 clip8x2(int8 acc) {
    return convert_uchar8(clamp(acc >> PRECISION_BITS, 0, 255));
}

// One row band of a horizontal pass: dst is dstWidth x dstHeight; output row y reads
// source row firstRow + y. Work-item (x, j) makes rows 2j and 2j + 1 of column x (the
// second only if it exists).
__kernel void resample_horizontal(__global const uchar4 *src, int srcWidth, int firstRow,
                                  __global uchar4 *dst, int dstWidth, int dstHeight,
                                  __global const int *bounds, __global const int *coefficients,
                                  int taps) {
    int x = get_global_id(0);
    int y = 2 * (int)get_global_id(1);
    if (x >= dstWidth || y >= dstHeight) return;
    int start = bounds[2 * x];
    int length = bounds[2 * x + 1];
    __global const uchar4 *top = src + (size_t)(firstRow + y) * srcWidth + start;
    __global const int *k = coefficients + (size_t)x * taps;
    __global uchar4 *out = dst + (size_t)y * dstWidth + x;
    if (y + 1 < dstHeight) {
        __global const uchar4 *bottom = top + srcWidth;
        int8 acc = (int8)(HALF);
        for (int i = 0; i < length; i++) {
            uchar4 p = top[i];
            uchar4 q = bottom[i];
            acc += (int8)(p.x, p.y, p.z, p.w, q.x, q.y, q.z, q.w) * k[i];
        }
        uchar8 pair = clip8x2(acc);
        out[0] = pair.lo;
        out[dstWidth] = pair.hi;
    } else {
        int4 acc = (int4)(HALF);
        for (int i = 0; i < length; i++) {
            uchar4 p = top[i];
            acc += (int4)(p.x, p.y, p.z, p.w) * k[i];
        }
        out[0] = clip8(acc);
    }
}

// A vertical pass: dst is width x dstHeight; output row y reads source rows bounds[2y] ...
// of the same column. Work-item (j, y) makes columns 2j and 2j + 1 of row y (the second
// only if it exists).
__kernel void resample_vertical(__global const uchar4 *src, int width,
                                __global uchar4 *dst, int dstHeight,
                                __global const int *bounds, __global const int *coefficients,
                                int taps) {
    int x = 2 * (int)get_global_id(0);
    int y = get_global_id(1);
    if (x >= width || y >= dstHeight) return;
    int start = bounds[2 * y];
    int length = bounds[2 * y + 1];
    __global const uchar4 *in = src + (size_t)start * width + x;
    __global const int *k = coefficients + (size_t)y * taps;
    __global uchar4 *out = dst + (size_t)y * width + x;
    if (x + 1 < width) {
        int8 acc = (int8)(HALF);
        for (int i = 0; i < length; i++) {
            __global const uchar4 *row = in + (size_t)i * width;
            uchar4 p = row[0];
            uchar4 q = row[1];
            acc += (int8)(p.x, p.y, p.z, p.w, q.x, q.y, q.z, q.w) * k[i];
        }
        uchar8 pair = clip8x2(acc);
        out[0] = pair.lo;
        out[1] = pair.hi;
    } else {
        int4 acc = (int4)(HALF);
        for (int i = 0; i < length; i++) {
            uchar4 p = in[(size_t)i * width];
            acc += (int4)(p.x, p.y, p.z, p.w) * k[i];
        }
        out[0] = clip8(acc);
    }
}

// RGBA -> premultiplied RGBa, Pillow's rgba2rgbA: MULDIV255(c, a) = (t + (t >> 8)) >> 8 with
// t = c * a + 128. One work-item per pixel of `count`. (Widened channel by channel, as the
// resampling passes: twice as fast on POCL as convert_uint4.)
__kernel void premultiply(__global const uchar4 *src, __global uchar4 *dst, uint count) {
    size_t i = get_global_id(0);
    if (i >= count) return;
    uchar4 q = src[i];
    uint4 p = (uint4)(q.x, q.y, q.z, q.w);
    uint4 t = p * p.w + 128u;
    uint4 r = (t + (t >> 8)) >> 8;
    r.w = p.w;
    dst[i] = convert_uchar4(r);
}

// Premultiplied RGBa -> RGBA, Pillow's rgbA2rgba: alpha 0 and 255 leave the pixel as it is,
// otherwise min(255, 255 * c / a) with integer division, three divisions per pixel (the
// alpha channel needs none; a fourth made the kernel 1.8x slower on POCL).
__kernel void unpremultiply(__global const uchar4 *src, __global uchar4 *dst, uint count) {
    size_t i = get_global_id(0);
    if (i >= count) return;
    uchar4 q = src[i];
    uint a = q.w;
    if (a == 0u || a == 255u) {
        dst[i] = q;
        return;
    }
    dst[i] = (uchar4)((uchar)min(q.x * 255u / a, 255u), (uchar)min(q.y * 255u / a, 255u),
                      (uchar)min(q.z * 255u / a, 255u), q.w);
}
