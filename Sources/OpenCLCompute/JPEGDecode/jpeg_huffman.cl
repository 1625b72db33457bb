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
// A work-item may stop at an MCU boundary once it has done `workBudget` units of work (one
// unit per iteration of any of its loops) and go on in the next pass from the state it saved:
// its byte, bit buffer, DC predictors and MCU. This is for Mesa's llvmpipe, which ends a
// work-item's loops after 65,535 iterations of them all together. Pass 0 starts every
// interval from its first byte; a pass after it starts an interval where the one before
// stopped; an interval that is not done after the last pass sets the flag. The host plans the
// budget and the passes (JPEGHuffmanPasses.swift); devices without such a limit get one pass
// with no budget. A loop ended early by the device is caught below and sets the flag.
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
// Per interval in `states`: next byte, bit count, bit buffer (low, high), MCUs done, the four
// DC predictors, done (1 once the interval's last MCU is decoded or it failed).
#define JPEG_HUFF_STATE_INTS 10

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
    int work;   // loop iterations so far (see workBudget)
} jpeg_bit_reader;

inline void jpeg_bits_fill(jpeg_bit_reader *r, __global const uchar *scan) {
    while (r->count <= 56 && r->next < r->end) {
        r->work++;
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
        r->work++;
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
                           int mcusPerRow, __global const int *components, __global short *buffer,
                           __global int *states, int pass, int lastPass, int workBudget) {
    int interval = get_global_id(0);
    if (interval >= intervalCount) return;
    __global const int *iv = intervals + interval * 4;
    __global int *state = states + interval * JPEG_HUFF_STATE_INTS;
    jpeg_bit_reader r = {0, 0, iv[0], iv[1], 0};
    uint predictor[4] = {0, 0, 0, 0};
    int m = 0;
    if (pass > 0) {
        if (state[9]) return;
        r.next = state[0];
        r.count = state[1];
        r.buffer = (ulong)(uint)state[2] | ((ulong)(uint)state[3] << 32);
        m = state[4];
        predictor[0] = (uint)state[5]; predictor[1] = (uint)state[6];
        predictor[2] = (uint)state[7]; predictor[3] = (uint)state[8];
    }
    int firstMCU = iv[2], mcuCount = iv[3];
    int failed = 0;
    while (m < mcuCount && r.work < workBudget) {
        r.work++;
        int mcu = firstMCU + m;
        int mcuX = mcu % mcusPerRow, mcuY = mcu / mcusPerRow;
        int b = 0;
        for (; b < blocksPerMCU; b++) {
            r.work++;
            __global const int *blk = blocks + b * 8;
            int ci = blk[0];
            __global const int *dc = tables + blk[1] * JPEG_HUFF_INTS, *ac = tables + blk[2] * JPEG_HUFF_INTS;
            __global const int *comp = components + ci * JPEG_HUFF_COMPONENT_INTS;
            int widthInBlocks = comp[1], heightInBlocks = comp[2] / max(comp[1], 1);
            int bx = mcuX * blk[3] + blk[5], by = mcuY * blk[4] + blk[6];
            int acNeeded = comp[3] > 1;
            // Blocks of the MCU past the component's edge are decoded and dropped (libjpeg's
            // coefficient arrays keep width_in_blocks x height_in_blocks). Zeroed without a loop.
            __global short *out = 0;
            if (bx < widthInBlocks && by < heightInBlocks) {
                out = buffer + 8 + ((size_t)comp[0] + (size_t)by * widthInBlocks + bx) * 64;
                vstore8((short8)(0), 0, out); vstore8((short8)(0), 1, out);
                vstore8((short8)(0), 2, out); vstore8((short8)(0), 3, out);
                vstore8((short8)(0), 4, out); vstore8((short8)(0), 5, out);
                vstore8((short8)(0), 6, out); vstore8((short8)(0), 7, out);
            }
            int s = jpeg_huff_decode(&r, scan, dc);
            if (s < 0 || s > 11) { failed = 1; break; }
            int diff = 0;
            if (s > 0) {
                int bits = jpeg_bits_get(&r, scan, s);
                if (bits < 0) { failed = 1; break; }
                diff = jpeg_extend(bits, s);
            }
            predictor[ci] += (uint)diff;
            if (out) out[0] = as_short((ushort)(predictor[ci] & 0xFFFF));
            int k = 1, ended = 0;
            for (; k < 64; k++) {
                r.work++;
                int rs = jpeg_huff_decode(&r, scan, ac);
                if (rs < 0) { failed = 1; break; }
                int run = rs >> 4, size = rs & 15;
                if (size == 0) {
                    if (run != 15) { ended = 1; break; }   // end of block
                    k += 15;                               // sixteen zeros
                    if (k > 63) { failed = 1; break; }
                    continue;
                }
                k += run;
                if (k > 63 || size > 10) { failed = 1; break; }
                int bits = jpeg_bits_get(&r, scan, size);
                if (bits < 0) { failed = 1; break; }
                if (out && acNeeded) out[jpeg_natural_order[k]] = (short)jpeg_extend(bits, size);
            }
            // A block ends at its end-of-block code or its 63rd coefficient; a loop left any
            // other way was cut short (a device limit the budget did not foresee): declined.
            if (failed || (!ended && k < 64)) { failed = 1; break; }
        }
        if (failed || b != blocksPerMCU) { failed = 1; break; }
        m++;
    }
    // The loop ends at the interval's last MCU, at the budget, or at a failure; any other
    // way out was a cut the budget did not foresee.
    if (!failed && m < mcuCount && r.work < workBudget) failed = 1;
    // A whole byte left over: libjpeg would skip it with a warning (or read it as the next
    // MCU's data had the interval said so).
    if (!failed && m == mcuCount && (r.next < r.end || r.count >= 8)) failed = 1;
    int done = failed || m == mcuCount;
    if (failed || (!done && pass == lastPass)) atomic_or((volatile __global int *)buffer, 1);
    state[0] = r.next;
    state[1] = r.count;
    state[2] = (int)(uint)r.buffer;
    state[3] = (int)(uint)(r.buffer >> 32);
    state[4] = m;
    state[5] = (int)predictor[0]; state[6] = (int)predictor[1];
    state[7] = (int)predictor[2]; state[8] = (int)predictor[3];
    state[9] = done;
}
