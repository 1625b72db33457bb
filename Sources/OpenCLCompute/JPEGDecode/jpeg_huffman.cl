// A baseline JPEG's Huffman (entropy) decode (issue 35 stage 2, docs/SPEC.md §9.1), written
// into the buffer jpeg_idct reads (a 16-byte header whose first int is the "not exact" flag,
// then every component's blocks). The result is libjpeg-turbo's jdhuff.c for a clean stream:
// the DC difference added to the component's predictor (reset to 0 in each restart interval,
// 32-bit unsigned wrap, kept as 16 bits), AC run/size pairs placed in zig-zag order, AC values
// dropped for a component decoded at 1/8 (jdhuff.c's ac_needed).
//
// The data is the scan with its stuffed zero bytes and restart markers taken out by the host
// (JPEGBaselineParser), followed by at least 8 zero bytes; positions are bit indices into it.
// Each restart interval is cut into chunks of a few hundred bytes, and one work-item handles
// one chunk: it owns the blocks whose DC code starts in the chunk's bits, decoding the last of
// them past the chunk's end. Where a chunk's first block starts, in which block of the MCU,
// at which MCU and with which DC predictors, is found without a serial pass over the scan
// (Weissenberger & Schmidt's self-synchronising decode):
//
//   jpeg_huffman_sync, in rounds: a chunk decodes its blocks from the position and block of the
//     MCU where its predecessor ended in the round before (round 0: from its own first bit, as
//     if block 0 started there; an interval's first chunk from the interval's start) and
//     records where it ended, how many blocks it decoded and the DC differences it summed. A
//     chunk started at a wrong bit mostly falls into step with the true blocks before its end
//     and then ends where the true decode does. After round r the first r + 1 chunks of an
//     interval are exact; a chunk whose start did not change keeps its result.
//   jpeg_huffman_prefix, one work-item per interval, walks its chunks in order from the
//     interval's start: a chunk whose last round started at the true start (where the chunk
//     before truly ended) gives its recorded result; one that did not is decoded again here
//     from the true start. Summing blocks and DC differences gives each chunk its first block
//     and its predictors. The rounds leave few chunks to decode again; data that falls into
//     step slowly (noise at high quality) leaves more, decoded serially, never wrongly.
//   jpeg_huffman_write: every chunk decodes its blocks again from its proven start and writes
//     their coefficients; each block is written by exactly one work-item.
//
// Anything libjpeg-turbo would warn about or handle by a rule of its own sets the flag and the
// host decodes the image instead: a code no table has, data ending before the interval's
// MCUs do, a whole byte left over after them, a coefficient index past 63, a DC category past
// 11 or an AC category past 10. A loop a device ends early (Mesa's llvmpipe ends a
// work-item's loops after 65,535 iterations) is caught by its exit condition and sets the
// flag too.
//
// Tables (JPEGEntropyScan.swift, JPEGHuffmanTable.swift, JPEGHuffmanChunks.swift): `chunks`
// 4 ints each (first bit, end bit, interval, index in the interval); `intervals` 6 ints each
// (first bit, end bit, first MCU, MCU count, first chunk, chunk count); `blocks` 8 ints per
// block of the MCU (component, DC table, AC table, MCU width and height in blocks, column and
// row in the MCU); `tables` JPEG_HUFF_INTS each (maxcode[18], valoffset[18], lookahead[512],
// symbols[256]); `components` JPEG_HUFF_COMPONENT_INTS each as jpeg_idct reads them.

#define JPEG_HUFF_INTS (18 + 18 + 512 + 256)
#define JPEG_HUFF_LOOKAHEAD 9
#define JPEG_HUFF_COMPONENT_INTS 12
#define JPEG_HUFF_CHUNK_INTS 4
#define JPEG_HUFF_INTERVAL_INTS 6
// A chunk's result in a round (`records`, two halves used in turn): end bit (-1: failed),
// block of the MCU there, blocks decoded, the four components' DC difference sums, the bit
// and block of the MCU it started from.
#define JPEG_HUFF_RECORD_INTS 9
// A chunk's proven start (`starts`): bit, block index in the interval, four DC predictors.
#define JPEG_HUFF_START_INTS 6

__constant uchar jpeg_natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

// The 32 bits from bit `pos`, most significant first (bits past the data are the padding's
// zeros or the next interval's: every caller checks a symbol ends within its interval).
inline uint jpeg_peek32(__global const uchar *data, int pos) {
    __global const uchar *p = data + (pos >> 3);
    ulong v = ((ulong)p[0] << 32) | ((ulong)p[1] << 24) | ((ulong)p[2] << 16) | ((ulong)p[3] << 8) | (ulong)p[4];
    return (uint)(v >> (8 - (pos & 7)));
}

// The symbol whose code starts at the top of `bits`, its code length in `*length`; -1 for a
// code `table` does not have. Codes up to 9 bits come from the lookahead table, longer ones
// from libjpeg's maxcode/valoffset (a code no longer than 9 bits would be in the lookahead).
inline int jpeg_huff_symbol(uint bits, __global const int *table, int *length) {
    int entry = table[36 + (bits >> (32 - JPEG_HUFF_LOOKAHEAD))];
    if (entry != 0) {
        *length = entry >> 8;
        return entry & 0xFF;
    }
    __global const int *maxcode = table, *valoffset = table + 18;
    for (int l = JPEG_HUFF_LOOKAHEAD + 1; l <= 16; l++) {
        int code = (int)(bits >> (32 - l));
        if (code <= maxcode[l]) {
            *length = l;
            return table[36 + 512 + ((code + valoffset[l]) & 0xFF)];
        }
    }
    return -1;
}

// jdhuff.h's HUFF_EXTEND: the signed value of `bits` in magnitude category `s`.
inline int jpeg_extend(int bits, int s) { return bits < (1 << (s - 1)) ? bits - (1 << s) + 1 : bits; }

// One block from bit `pos`, ending by `end`: returns the bit after it, or -1. Its DC difference
// goes to `*diff`; its AC coefficients to `out` (when there is one and `acNeeded`), which the
// caller has zeroed.
static int jpeg_huff_block(__global const uchar *data, int pos, int end, __global const int *dc,
                          __global const int *ac, int *diff, __global short *out, int acNeeded) {
    int length;
    uint bits = jpeg_peek32(data, pos);
    int s = jpeg_huff_symbol(bits, dc, &length);
    if (s < 0 || s > 11 || length + s > end - pos) return -1;
    *diff = s > 0 ? jpeg_extend((int)((bits << length) >> (32 - s)), s) : 0;
    pos += length + s;
    int k = 1, ended = 0;
    for (; k < 64; k++) {
        bits = jpeg_peek32(data, pos);
        int rs = jpeg_huff_symbol(bits, ac, &length);
        if (rs < 0) return -1;
        int run = rs >> 4, size = rs & 15;
        if (length + size > end - pos) return -1;
        pos += length + size;
        if (size == 0) {
            if (run != 15) { ended = 1; break; }   // end of block
            k += 15;                               // sixteen zeros
            if (k > 63) return -1;
            continue;
        }
        k += run;
        if (k > 63 || size > 10) return -1;
        if (out && acNeeded) out[jpeg_natural_order[k]] = (short)jpeg_extend((int)((bits << length) >> (32 - size)), size);
    }
    // A block ends at its end-of-block code or its 63rd coefficient; a loop left any other way
    // was cut short by the device.
    return ended || k == 64 ? pos : -1;
}

// Decodes the blocks that start before bit `end` from bit `*pos`, block `*b` of the MCU, within
// an interval ending at bit `intervalEnd`: counts them and sums each component's DC
// differences. 0 where a block fails (or the device cut the loop short).
static int jpeg_huff_scan(__global const uchar *data, int *pos, int *b, int end, int intervalEnd,
                          __global const int *tables, __global const int *blocks, int blocksPerMCU,
                          int *count, uint *sums) {
    while (*pos < end) {
        __global const int *blk = blocks + *b * 8;
        int diff;
        int next = jpeg_huff_block(data, *pos, intervalEnd, tables + blk[1] * JPEG_HUFF_INTS,
                                   tables + blk[2] * JPEG_HUFF_INTS, &diff, 0, 0);
        if (next < 0) return 0;
        *pos = next;
        sums[blk[0]] += (uint)diff;
        (*count)++;
        if (++*b == blocksPerMCU) *b = 0;
    }
    return *pos >= end;
}

__kernel void jpeg_huffman_sync(__global const uchar *data, __global const int *chunks, int chunkCount,
                                __global const int *intervals, __global const int *tables,
                                __global const int *blocks, int blocksPerMCU, __global int *records, int round) {
    int c = get_global_id(0);
    if (c >= chunkCount) return;
    __global const int *chunk = chunks + c * JPEG_HUFF_CHUNK_INTS;
    __global const int *iv = intervals + chunk[2] * JPEG_HUFF_INTERVAL_INTS;
    // An interval's last chunk: nothing reads its end.
    if (chunk[3] == iv[5] - 1) return;
    __global int *record = records + ((round & 1) * chunkCount + c) * JPEG_HUFF_RECORD_INTS;
    __global const int *before = records + (((round + 1) & 1) * chunkCount + c) * JPEG_HUFF_RECORD_INTS;
    int pos = chunk[0], b = 0;
    if (chunk[3] == 0) {
        pos = iv[0];
    } else if (round > 0) {
        __global const int *predecessor = before - JPEG_HUFF_RECORD_INTS;
        if (predecessor[0] >= 0) { pos = predecessor[0]; b = predecessor[1]; }
    }
    if (round > 0 && before[7] == pos && before[8] == b) {
        // Copied without a loop: a device's loop limit (see above) must not cut it short.
        record[0] = before[0]; record[1] = before[1]; record[2] = before[2];
        record[3] = before[3]; record[4] = before[4]; record[5] = before[5]; record[6] = before[6];
        record[7] = before[7]; record[8] = before[8];
        return;
    }
    record[7] = pos;
    record[8] = b;
    int count = 0;
    uint sums[4] = {0, 0, 0, 0};
    int ok = jpeg_huff_scan(data, &pos, &b, chunk[1], iv[1], tables, blocks, blocksPerMCU, &count, sums);
    record[0] = ok ? pos : -1;
    record[1] = b;
    record[2] = count;
    record[3] = (int)sums[0]; record[4] = (int)sums[1]; record[5] = (int)sums[2]; record[6] = (int)sums[3];
}

__kernel void jpeg_huffman_prefix(__global const uchar *data, __global const int *chunks, int chunkCount,
                                  __global const int *intervals, int intervalCount, __global const int *tables,
                                  __global const int *blocks, int blocksPerMCU, __global const int *records,
                                  int lastRound, __global int *starts, __global short *buffer) {
    int i = get_global_id(0);
    if (i >= intervalCount) return;
    __global const int *iv = intervals + i * JPEG_HUFF_INTERVAL_INTS;
    __global const int *round = records + (lastRound & 1) * chunkCount * JPEG_HUFF_RECORD_INTS;
    int first = iv[4], n = iv[5], pos = iv[0], b = 0, index = 0, failed = 0, j = 0;
    uint predictor[4] = {0, 0, 0, 0};
    for (; j < n - 1; j++) {
        __global const int *record = round + (first + j) * JPEG_HUFF_RECORD_INTS;
        int count = 0;
        uint sums[4] = {0, 0, 0, 0};
        if (record[7] == pos && record[8] == b) {
            // Its last round started where the chunk before truly ended.
            if (record[0] < 0) { failed = 1; break; }
            pos = record[0];
            b = record[1];
            count = record[2];
            sums[0] = (uint)record[3]; sums[1] = (uint)record[4]; sums[2] = (uint)record[5]; sums[3] = (uint)record[6];
        } else if (!jpeg_huff_scan(data, &pos, &b, chunks[(first + j) * JPEG_HUFF_CHUNK_INTS + 1], iv[1], tables, blocks,
                                   blocksPerMCU, &count, sums)) {
            failed = 1;
            break;
        }
        index += count;
        predictor[0] += sums[0]; predictor[1] += sums[1]; predictor[2] += sums[2]; predictor[3] += sums[3];
        __global int *start = starts + (first + j + 1) * JPEG_HUFF_START_INTS;
        start[0] = pos;
        start[1] = index;
        start[2] = (int)predictor[0]; start[3] = (int)predictor[1];
        start[4] = (int)predictor[2]; start[5] = (int)predictor[3];
    }
    if (failed || j < n - 1) atomic_or((volatile __global int *)buffer, 1);
}

__kernel void jpeg_huffman_write(__global const uchar *data, __global const int *chunks, int chunkCount,
                                 __global const int *intervals, __global const int *tables,
                                 __global const int *blocks, int blocksPerMCU, int mcusPerRow,
                                 __global const int *components, __global const int *starts, __global short *buffer) {
    int c = get_global_id(0);
    if (c >= chunkCount) return;
    __global const int *chunk = chunks + c * JPEG_HUFF_CHUNK_INTS;
    __global const int *iv = intervals + chunk[2] * JPEG_HUFF_INTERVAL_INTS;
    // Declined already (jpeg_huffman_prefix ran before this launch): the starts after an
    // unproven one were never written.
    if (*(volatile __global const int *)buffer) return;
    int last = chunk[3] == iv[5] - 1, total = iv[3] * blocksPerMCU;
    int pos = iv[0], index = 0;
    uint predictor[4] = {0, 0, 0, 0};
    if (chunk[3] > 0) {
        __global const int *start = starts + c * JPEG_HUFF_START_INTS;
        pos = start[0];
        index = start[1];
        predictor[0] = (uint)start[2]; predictor[1] = (uint)start[3];
        predictor[2] = (uint)start[4]; predictor[3] = (uint)start[5];
    }
    int b = index % blocksPerMCU, mcu = iv[2] + index / blocksPerMCU;
    int end = chunk[1], failed = index < 0 || index > total || pos < iv[0] || pos > iv[1];
    while (!failed && index < total && (last || pos < end)) {
        __global const int *blk = blocks + b * 8;
        int ci = blk[0];
        __global const int *comp = components + ci * JPEG_HUFF_COMPONENT_INTS;
        int widthInBlocks = comp[1], heightInBlocks = comp[2] / max(comp[1], 1);
        int bx = (mcu % mcusPerRow) * blk[3] + blk[5], by = (mcu / mcusPerRow) * blk[4] + blk[6];
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
        int diff;
        pos = jpeg_huff_block(data, pos, iv[1], tables + blk[1] * JPEG_HUFF_INTS, tables + blk[2] * JPEG_HUFF_INTS,
                              &diff, out, comp[3] > 1);
        if (pos < 0) { failed = 1; break; }
        predictor[ci] += (uint)diff;
        if (out) out[0] = as_short((ushort)(predictor[ci] & 0xFFFF));
        index++;
        if (++b == blocksPerMCU) { b = 0; mcu++; }
    }
    // The loop ends at the interval's last block or, in a chunk before the last, at the chunk's
    // end; any other way out was a failure or a cut.
    if (!failed && index < total && (last || pos < end)) failed = 1;
    // A whole byte left over after the last MCU: libjpeg would skip it with a warning (or read
    // it as the next MCU's data had the interval said so).
    if (!failed && last && iv[1] - pos >= 8) failed = 1;
    if (!failed && !last && index == total && pos < end) failed = 1;
    if (failed) atomic_or((volatile __global int *)buffer, 1);
}
