// JPEG coefficients to samples (docs/SPEC.md §9): dequantisation and libjpeg-turbo 2.1's
// accurate integer inverse DCTs, 8x8 (jidctint.c jpeg_idct_islow) and the reduced 4x4, 2x2 and
// 1x1 (jidctred.c), with their arithmetic: JLONG (64-bit) products, DESCALE's rounding,
// RANGE_MASK's wrap-around. The shortcuts those functions take for all-zero columns and rows
// give the same values as the full computation, so there are none here.
//
// libjpeg-turbo runs SIMD versions of the 8x8, 4x4 and 2x2 on x86, which keep 16-bit
// intermediates and saturate where the C code wraps. The two agree while every dequantised
// coefficient and every value between the passes lies in [-16383, 16383] (so that sums of two
// fit 16 bits) and every output before the range limit lies in [-512, 511]. A block outside
// that sets the flag at the start of the buffer, and the host decodes the image instead: a
// crafted file is never decoded differently from libjpeg-turbo on any machine.
//
// One work-item per block of any component; `components` holds 12 ints a component (see
// JPEGDecodeLayout.swift): first block, width in blocks, block count, IDCT size, plane offset,
// plane stride, ...

#define JPEG_CONST_BITS 13
#define JPEG_PASS1_BITS 2
#define JPEG_DESCALE(x, n) (((x) + ((long)1 << ((n) - 1))) >> (n))
#define JPEG_SAFE_INPUT 16383
#define JPEG_COMPONENT_INTS 12

// jdmaster.c's IDCT range limit: sample = table[x & 1023], x + 128 clamped to [0, 255] for x in
// [-384, 383], wrapping beyond as the table does.
inline uchar jpeg_range_limit(long x) {
    int i = (int)(x & 1023);
    if (i < 128) return (uchar)(i + 128);
    if (i < 512) return 255;
    if (i < 896) return 0;
    return (uchar)(i - 896);
}

inline int jpeg_output_is_safe(long x) { return x >= -512 && x <= 511; }
inline int jpeg_input_is_safe(long x) { return x >= -JPEG_SAFE_INPUT && x <= JPEG_SAFE_INPUT; }

static void jpeg_idct_8x8(const long dq[64], __global uchar *out, int stride, int *unsafe) {
    long ws[64];
    for (int c = 0; c < 8; c++) {
        long z2 = dq[16 + c], z3 = dq[48 + c];
        long z1 = (z2 + z3) * 4433;
        long tmp2 = z1 + z3 * (-15137);
        long tmp3 = z1 + z2 * 6270;
        z2 = dq[c];
        z3 = dq[32 + c];
        long tmp0 = (z2 + z3) << JPEG_CONST_BITS;
        long tmp1 = (z2 - z3) << JPEG_CONST_BITS;
        long tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2;
        tmp0 = dq[56 + c];
        tmp1 = dq[40 + c];
        tmp2 = dq[24 + c];
        tmp3 = dq[8 + c];
        z1 = tmp0 + tmp3;
        z2 = tmp1 + tmp2;
        z3 = tmp0 + tmp2;
        long z4 = tmp1 + tmp3;
        long z5 = (z3 + z4) * 9633;
        tmp0 = tmp0 * 2446;
        tmp1 = tmp1 * 16819;
        tmp2 = tmp2 * 25172;
        tmp3 = tmp3 * 12299;
        z1 = z1 * (-7373);
        z2 = z2 * (-20995);
        z3 = z3 * (-16069);
        z4 = z4 * (-3196);
        z3 += z5;
        z4 += z5;
        tmp0 += z1 + z3;
        tmp1 += z2 + z4;
        tmp2 += z2 + z3;
        tmp3 += z1 + z4;
        const int n = JPEG_CONST_BITS - JPEG_PASS1_BITS;
        ws[c] = JPEG_DESCALE(tmp10 + tmp3, n);
        ws[56 + c] = JPEG_DESCALE(tmp10 - tmp3, n);
        ws[8 + c] = JPEG_DESCALE(tmp11 + tmp2, n);
        ws[48 + c] = JPEG_DESCALE(tmp11 - tmp2, n);
        ws[16 + c] = JPEG_DESCALE(tmp12 + tmp1, n);
        ws[40 + c] = JPEG_DESCALE(tmp12 - tmp1, n);
        ws[24 + c] = JPEG_DESCALE(tmp13 + tmp0, n);
        ws[32 + c] = JPEG_DESCALE(tmp13 - tmp0, n);
    }
    for (int i = 0; i < 64; i++) if (!jpeg_input_is_safe(ws[i])) *unsafe = 1;
    for (int r = 0; r < 8; r++) {
        const long *w = ws + r * 8;
        long z2 = w[2], z3 = w[6];
        long z1 = (z2 + z3) * 4433;
        long tmp2 = z1 + z3 * (-15137);
        long tmp3 = z1 + z2 * 6270;
        long tmp0 = (w[0] + w[4]) << JPEG_CONST_BITS;
        long tmp1 = (w[0] - w[4]) << JPEG_CONST_BITS;
        long tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2;
        tmp0 = w[7];
        tmp1 = w[5];
        tmp2 = w[3];
        tmp3 = w[1];
        z1 = tmp0 + tmp3;
        z2 = tmp1 + tmp2;
        z3 = tmp0 + tmp2;
        long z4 = tmp1 + tmp3;
        long z5 = (z3 + z4) * 9633;
        tmp0 = tmp0 * 2446;
        tmp1 = tmp1 * 16819;
        tmp2 = tmp2 * 25172;
        tmp3 = tmp3 * 12299;
        z1 = z1 * (-7373);
        z2 = z2 * (-20995);
        z3 = z3 * (-16069);
        z4 = z4 * (-3196);
        z3 += z5;
        z4 += z5;
        tmp0 += z1 + z3;
        tmp1 += z2 + z4;
        tmp2 += z2 + z3;
        tmp3 += z1 + z4;
        const int n = JPEG_CONST_BITS + JPEG_PASS1_BITS + 3;
        long o[8];
        o[0] = JPEG_DESCALE(tmp10 + tmp3, n);
        o[7] = JPEG_DESCALE(tmp10 - tmp3, n);
        o[1] = JPEG_DESCALE(tmp11 + tmp2, n);
        o[6] = JPEG_DESCALE(tmp11 - tmp2, n);
        o[2] = JPEG_DESCALE(tmp12 + tmp1, n);
        o[5] = JPEG_DESCALE(tmp12 - tmp1, n);
        o[3] = JPEG_DESCALE(tmp13 + tmp0, n);
        o[4] = JPEG_DESCALE(tmp13 - tmp0, n);
        __global uchar *row = out + r * stride;
        for (int i = 0; i < 8; i++) {
            if (!jpeg_output_is_safe(o[i])) *unsafe = 1;
            row[i] = jpeg_range_limit(o[i]);
        }
    }
}

static void jpeg_idct_4x4(const long dq[64], __global uchar *out, int stride, int *unsafe) {
    long ws[32];   // 4 rows of 8 (column 4 unused)
    for (int c = 0; c < 8; c++) {
        if (c == 4) continue;
        long tmp0 = dq[c] << (JPEG_CONST_BITS + 1);
        long tmp2 = dq[16 + c] * 15137 + dq[48 + c] * (-6270);
        long tmp10 = tmp0 + tmp2, tmp12 = tmp0 - tmp2;
        long z1 = dq[56 + c], z2 = dq[40 + c], z3 = dq[24 + c], z4 = dq[8 + c];
        tmp0 = z1 * (-1730) + z2 * 11893 + z3 * (-17799) + z4 * 8697;
        tmp2 = z1 * (-4176) + z2 * (-4926) + z3 * 7373 + z4 * 20995;
        const int n = JPEG_CONST_BITS - JPEG_PASS1_BITS + 1;
        ws[c] = JPEG_DESCALE(tmp10 + tmp2, n);
        ws[24 + c] = JPEG_DESCALE(tmp10 - tmp2, n);
        ws[8 + c] = JPEG_DESCALE(tmp12 + tmp0, n);
        ws[16 + c] = JPEG_DESCALE(tmp12 - tmp0, n);
    }
    for (int i = 0; i < 32; i++) if ((i & 7) != 4 && !jpeg_input_is_safe(ws[i])) *unsafe = 1;
    for (int r = 0; r < 4; r++) {
        const long *w = ws + r * 8;
        long tmp0 = w[0] << (JPEG_CONST_BITS + 1);
        long tmp2 = w[2] * 15137 + w[6] * (-6270);
        long tmp10 = tmp0 + tmp2, tmp12 = tmp0 - tmp2;
        long z1 = w[7], z2 = w[5], z3 = w[3], z4 = w[1];
        tmp0 = z1 * (-1730) + z2 * 11893 + z3 * (-17799) + z4 * 8697;
        tmp2 = z1 * (-4176) + z2 * (-4926) + z3 * 7373 + z4 * 20995;
        const int n = JPEG_CONST_BITS + JPEG_PASS1_BITS + 3 + 1;
        long o[4];
        o[0] = JPEG_DESCALE(tmp10 + tmp2, n);
        o[3] = JPEG_DESCALE(tmp10 - tmp2, n);
        o[1] = JPEG_DESCALE(tmp12 + tmp0, n);
        o[2] = JPEG_DESCALE(tmp12 - tmp0, n);
        __global uchar *row = out + r * stride;
        for (int i = 0; i < 4; i++) {
            if (!jpeg_output_is_safe(o[i])) *unsafe = 1;
            row[i] = jpeg_range_limit(o[i]);
        }
    }
}

static void jpeg_idct_2x2(const long dq[64], __global uchar *out, int stride, int *unsafe) {
    long ws[16];   // 2 rows of 8 (columns 2, 4, 6 unused)
    for (int c = 0; c < 8; c++) {
        if (c == 2 || c == 4 || c == 6) continue;
        long tmp10 = dq[c] << (JPEG_CONST_BITS + 2);
        long tmp0 = dq[56 + c] * (-5906) + dq[40 + c] * 6967 + dq[24 + c] * (-10426) + dq[8 + c] * 29692;
        const int n = JPEG_CONST_BITS - JPEG_PASS1_BITS + 2;
        ws[c] = JPEG_DESCALE(tmp10 + tmp0, n);
        ws[8 + c] = JPEG_DESCALE(tmp10 - tmp0, n);
    }
    for (int i = 0; i < 16; i++) {
        int c = i & 7;
        if (c != 2 && c != 4 && c != 6 && !jpeg_input_is_safe(ws[i])) *unsafe = 1;
    }
    for (int r = 0; r < 2; r++) {
        const long *w = ws + r * 8;
        long tmp10 = w[0] << (JPEG_CONST_BITS + 2);
        long tmp0 = w[7] * (-5906) + w[5] * 6967 + w[3] * (-10426) + w[1] * 29692;
        const int n = JPEG_CONST_BITS + JPEG_PASS1_BITS + 3 + 2;
        long o0 = JPEG_DESCALE(tmp10 + tmp0, n), o1 = JPEG_DESCALE(tmp10 - tmp0, n);
        if (!jpeg_output_is_safe(o0) || !jpeg_output_is_safe(o1)) *unsafe = 1;
        out[r * stride] = jpeg_range_limit(o0);
        out[r * stride + 1] = jpeg_range_limit(o1);
    }
}

// `buffer`: a 16-byte header whose first int is the unsafe flag (uploaded as 0), then every
// component's blocks. `quant`: 64 ints a component (libjpeg's dct_table: the quantisation
// values as 16-bit signed, as its ISLOW_MULT_TYPE holds them).
__kernel void jpeg_idct(__global short *buffer, int blockCount, __global const int *components,
                        int componentCount, __global const int *quant, __global uchar *planes) {
    int block = get_global_id(0);
    if (block >= blockCount) return;
    int c = 0;
    while (c + 1 < componentCount && block >= components[(c + 1) * JPEG_COMPONENT_INTS]) c++;
    __global const int *info = components + c * JPEG_COMPONENT_INTS;
    int local_index = block - info[0];
    int width_in_blocks = info[1];
    int size = info[3];
    int stride = info[5];
    int bx = local_index % width_in_blocks, by = local_index / width_in_blocks;
    __global const short *coefficients = buffer + 8 + (size_t)block * 64;
    __global const int *q = quant + c * 64;
    long dq[64];
    int unsafe = 0;
    for (int i = 0; i < 64; i++) {
        dq[i] = (long)coefficients[i] * (long)(short)q[i];
        if (!jpeg_input_is_safe(dq[i])) unsafe = 1;
    }
    __global uchar *out = planes + info[4] + (size_t)(by * size) * stride + bx * size;
    if (size == 8) {
        jpeg_idct_8x8(dq, out, stride, &unsafe);
    } else if (size == 4) {
        jpeg_idct_4x4(dq, out, stride, &unsafe);
    } else if (size == 2) {
        jpeg_idct_2x2(dq, out, stride, &unsafe);
    } else {
        // jpeg_idct_1x1: C only in libjpeg-turbo, so its wrap-around is the answer.
        out[0] = jpeg_range_limit(JPEG_DESCALE(dq[0], 3));
        unsafe = 0;
    }
    if (unsafe) ((__global int *)buffer)[0] = 1;
}
