// A baseline JPEG's Huffman (entropy) decode (issue 35 stage 2, docs/SPEC.md §9): one
// work-item per restart interval writes the quantised coefficients of its MCUs, in natural
// order, into the buffer jpeg_idct reads (a 16-byte header whose first int is the "not exact"
// flag, then every component's blocks). The result is libjpeg-turbo's jdhuff.c for a clean
// stream: the DC difference added to the component's predictor (reset to 0 in each interval,
// 32-bit unsigned wrap, kept as 16 bits), AC run/size pairs placed in zig-zag order, AC values
// dropped for a component decoded at 1/8 (jdhuff.c's ac_needed).
//
// Anything libjpeg-turbo would warn about or handle by a rule of its own sets the flag and the
// host decodes the image instead: a code no table has, data ending before the interval's
// MCUs do, a whole byte left over after them, a coefficient index past 63, a DC category past
// 11 or an AC category past 10. The host (JPEGBaselineParser) has already checked that every
// 0xFF inside an interval is a stuffed 0xFF00 and that restart markers are where and what
// they should be.
//
// Tables (JPEGEntropyScan.swift, JPEGHuffmanTable.swift): `intervals` 4 ints each (first
// byte, end byte, first MCU, MCU count); `blocks` 8 ints per block of the MCU (component, DC
// table, AC table, MCU width and height in blocks, column and row in the MCU); `tables`
// JPEG_HUFF_INTS each (maxcode[18], valoffset[18], lookahead[512], symbols[256]);
// `components` JPEG_COMPONENT_INTS each as jpeg_idct reads them.

#define JPEG_HUFF_INTS (18 + 18 + 512 + 256)
#define JPEG_HUFF_LOOKAHEAD 9
#define JPEG_HUFF_COMPONENT_INTS 12
#define JPEG_MAX_BLOCKS_IN_MCU 10

__constant uchar jpeg_natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

// Bits of the interval, most significant first: `buffer` holds `count` valid bits at its top.
typedef struct {
    ulong buffer;
    int count;
    int next;   // next byte of the scan to load
    int end;    // the interval's end (its RST marker or EOI)
} jpeg_bit_reader;

inline void jpeg_bits_fill(jpeg_bit_reader *r, __global const uchar *scan) {
    while (r->count <= 56 && r->next < r->end) {
        uint byte = scan[r->next];
        r->next += byte == 0xFF ? 2 : 1;   // 0xFF00 is one 0xFF data byte
        r->buffer |= (ulong)byte << (56 - r->count);
        r->count += 8;
    }
}

// The next `n` (1..16) bits; -1 when the interval has fewer left.
inline int jpeg_bits_get(jpeg_bit_reader *r, __global const uchar *scan, int n) {
    if (r->count < n) jpeg_bits_fill(r, scan);
    if (r->count < n) return -1;
    int value = (int)(r->buffer >> (64 - n));
    r->buffer <<= n;
    r->count -= n;
    return value;
}

// One symbol of `table`; -1 for a code the table does not have or data ending first.
static int jpeg_huff_decode(jpeg_bit_reader *r, __global const uchar *scan, __global const int *table) {
    if (r->count < 16) jpeg_bits_fill(r, scan);
    int peek = (int)(r->buffer >> (64 - JPEG_HUFF_LOOKAHEAD));   // zeros past the data
    int entry = table[36 + peek];
    if (entry != 0) {
        int length = entry >> 8;
        if (length > r->count) return -1;
        r->buffer <<= length;
        r->count -= length;
        return entry & 0xFF;
    }
    __global const int *maxcode = table, *valoffset = table + 18;
    int code = 0;
    for (int length = 1; length <= 16; length++) {
        int bit = jpeg_bits_get(r, scan, 1);
        if (bit < 0) return -1;
        code = (code << 1) | bit;
        if (code <= maxcode[length]) return table[36 + 512 + ((code + valoffset[length]) & 0xFF)];
    }
    return -1;
}

// jdhuff.h's HUFF_EXTEND: the signed value of `bits` in magnitude category `s`.
inline int jpeg_extend(int bits, int s) { return bits < (1 << (s - 1)) ? bits - (1 << s) + 1 : bits; }

__kernel void jpeg_huffman(__global const uchar *scan, __global const int *intervals, int intervalCount,
                           __global const int *tables, __global const int *blocks, int blocksPerMCU,
                           int mcusPerRow, __global const int *components, __global short *buffer) {
    int interval = get_global_id(0);
    if (interval >= intervalCount) return;
    __global const int *iv = intervals + interval * 4;
    jpeg_bit_reader r = {0, 0, iv[0], iv[1]};
    int firstMCU = iv[2], mcuCount = iv[3];
    uint predictor[4] = {0, 0, 0, 0};
    int failed = 0;
    for (int m = 0; m < mcuCount && !failed; m++) {
        int mcu = firstMCU + m;
        int mcuX = mcu % mcusPerRow, mcuY = mcu / mcusPerRow;
        for (int b = 0; b < blocksPerMCU && !failed; b++) {
            __global const int *blk = blocks + b * 8;
            int ci = blk[0];
            __global const int *dc = tables + blk[1] * JPEG_HUFF_INTS, *ac = tables + blk[2] * JPEG_HUFF_INTS;
            __global const int *comp = components + ci * JPEG_HUFF_COMPONENT_INTS;
            int widthInBlocks = comp[1], heightInBlocks = comp[2] / max(comp[1], 1);
            int bx = mcuX * blk[3] + blk[5], by = mcuY * blk[4] + blk[6];
            int acNeeded = comp[3] > 1;
            short coef[64];
            for (int k = 0; k < 64; k++) coef[k] = 0;
            int s = jpeg_huff_decode(&r, scan, dc);
            if (s < 0 || s > 11) { failed = 1; break; }
            int diff = 0;
            if (s > 0) {
                int bits = jpeg_bits_get(&r, scan, s);
                if (bits < 0) { failed = 1; break; }
                diff = jpeg_extend(bits, s);
            }
            predictor[ci] += (uint)diff;
            coef[0] = as_short((ushort)(predictor[ci] & 0xFFFF));
            for (int k = 1; k < 64; k++) {
                int rs = jpeg_huff_decode(&r, scan, ac);
                if (rs < 0) { failed = 1; break; }
                int run = rs >> 4, size = rs & 15;
                if (size == 0) {
                    if (run != 15) break;          // end of block
                    k += 15;                       // sixteen zeros
                    if (k > 63) { failed = 1; break; }
                    continue;
                }
                k += run;
                if (k > 63 || size > 10) { failed = 1; break; }
                int bits = jpeg_bits_get(&r, scan, size);
                if (bits < 0) { failed = 1; break; }
                if (acNeeded) coef[jpeg_natural_order[k]] = (short)jpeg_extend(bits, size);
            }
            if (failed) break;
            // Blocks of the MCU past the component's edge are decoded and dropped (libjpeg's
            // coefficient arrays keep width_in_blocks x height_in_blocks).
            if (bx < widthInBlocks && by < heightInBlocks) {
                __global short *out = buffer + 8 + ((size_t)comp[0] + (size_t)by * widthInBlocks + bx) * 64;
                for (int k = 0; k < 64; k++) out[k] = coef[k];
            }
        }
    }
    // A whole byte left over: libjpeg would skip it with a warning (or read it as the next
    // MCU's data had the interval said so).
    if (!failed && (r.next < r.end || r.count >= 8)) failed = 1;
    if (failed) atomic_or((volatile __global int *)buffer, 1);
}
