/*
 * Times CResampleSIMD's passes, AVX2 against AVX-512, on one random RGBA image and Lanczos
 * weights (in the layouts of SplitWeights, made here the same way), and checks that both give
 * the same bytes. Each figure is the least thread CPU time of RUNS runs. On a CPU without the
 * AVX-512 passes only the AVX2 ones are timed.
 *
 * Usage: harness IN_W IN_H OUT_W OUT_H [RUNS]
 * Prints: one line per pass: taps, AVX2 ms, AVX-512 ms, their ratio, whether the bytes agree
 * (AVX2 ms alone without AVX-512).
 */
#include "CResampleSIMD.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Lanczos-3 weights in 22-bit fixed point, as ResampleWeights makes them for a reduction. */
typedef struct { int count, taps; int32_t *start, *length, *k; } weights;

static double lanczos(double x) {
    if (x == 0) return 1;
    if (fabs(x) >= 3) return 0;
    const double px = M_PI * x;
    return 3 * sin(px) * sin(px / 3) / (px * px);
}

static weights make_weights(int in, int out) {
    weights w = {.count = out};
    const double scale = (double)in / out, filter_scale = scale < 1 ? 1 : scale, support = 3 * filter_scale;
    w.taps = (int)ceil(support) * 2 + 1;
    w.start = calloc((size_t)out, 4);
    w.length = calloc((size_t)out, 4);
    w.k = calloc((size_t)out * w.taps, 4);
    double *k = calloc((size_t)w.taps, sizeof(double));
    for (int x = 0; x < out; x++) {
        const double centre = (x + 0.5) * scale;
        int first = (int)(centre - support + 0.5), end = (int)(centre + support + 0.5);
        if (first < 0) first = 0;
        if (end > in) end = in;
        double sum = 0;
        for (int i = first; i < end; i++) sum += k[i - first] = lanczos((i - centre + 0.5) / filter_scale);
        w.start[x] = first;
        w.length[x] = end - first;
        for (int i = 0; i < end - first; i++) w.k[x * w.taps + i] = (int32_t)lround(k[i] / sum * (1 << 22));
    }
    free(k);
    return w;
}

/* A word of two 16-bit halves: the low (k & 0x7fff) or high (k >> 15) halves of a and b. */
static int32_t low_word(int32_t a, int32_t b) {
    return (int32_t)((uint32_t)(uint16_t)(a & 0x7fff) | (uint32_t)(uint16_t)(b & 0x7fff) << 16);
}
static int32_t high_word(int32_t a, int32_t b) {
    return (int32_t)((uint32_t)(uint16_t)(a >> 15) | (uint32_t)(uint16_t)(b >> 15) << 16);
}

/* SplitWeights.Groups. */
typedef struct { int32_t *windows, *words; int padded_width; } groups;

static groups make_groups(weights w, int in) {
    groups g = {0};
    int widest = 0;
    for (int x = 0; x < w.count; x++) widest = (w.length[x] + 3) / 4 * 4 > widest ? (w.length[x] + 3) / 4 * 4 : widest;
    g.padded_width = widest > in ? in + 3 : in;
    g.windows = calloc((size_t)4 * w.count, 4);
    g.words = calloc((size_t)w.count * (w.taps + 4), 4);
    int n = 0;
    for (int x = 0; x < w.count; x++) {
        const int count = (w.length[x] + 3) / 4;
        const int first = w.start[x] < g.padded_width - 4 * count ? w.start[x] : g.padded_width - 4 * count;
        g.windows[4 * x] = first;
        g.windows[4 * x + 1] = count;
        g.windows[4 * x + 2] = n / 4;
        for (int q = 0; q < count; q++) {
            int32_t t[4];
            for (int j = 0; j < 4; j++) {
                const int i = 4 * q + j - (w.start[x] - first);
                t[j] = i >= 0 && i < w.length[x] ? w.k[x * w.taps + i] : 0;
            }
            g.words[n++] = low_word(t[0], t[1]);
            g.words[n++] = low_word(t[2], t[3]);
            g.words[n++] = high_word(t[0], t[1]);
            g.words[n++] = high_word(t[2], t[3]);
        }
    }
    return g;
}

/* SplitWeights.Pairs with the bounds beside them. */
typedef struct { int32_t *bounds, *words; int stride; } pairs;

static pairs make_pairs(weights w) {
    pairs p = {.stride = (w.taps + 1) / 2};
    p.bounds = calloc((size_t)2 * w.count, 4);
    p.words = calloc((size_t)2 * p.stride * w.count, 4);
    for (int i = 0; i < w.count; i++) {
        p.bounds[2 * i] = w.start[i];
        p.bounds[2 * i + 1] = w.length[i];
        for (int m = 0; m < (w.length[i] + 1) / 2; m++) {
            const int32_t a = w.k[i * w.taps + 2 * m], b = 2 * m + 1 < w.length[i] ? w.k[i * w.taps + 2 * m + 1] : 0;
            p.words[2 * (i * p.stride + m)] = low_word(a, b);
            p.words[2 * (i * p.stride + m) + 1] = high_word(a, b);
        }
    }
    return p;
}

static double thread_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s IN_W IN_H OUT_W OUT_H [RUNS]\n", argv[0]);
        return 2;
    }
    const int in_w = atoi(argv[1]), in_h = atoi(argv[2]), out_w = atoi(argv[3]), out_h = atoi(argv[4]);
    const int runs = argc > 5 ? atoi(argv[5]) : 7;
    if (!gg_cpu_has_avx2()) {
        fprintf(stderr, "this CPU lacks AVX2\n");
        return 2;
    }
    const int sets = gg_cpu_has_avx512() ? 2 : 1;
    uint8_t *source = malloc((size_t)in_w * in_h * 4);
    srand(1);
    for (size_t i = 0; i < (size_t)in_w * in_h * 4; i++) source[i] = (uint8_t)rand();
    const weights horizontal = make_weights(in_w, out_w), vertical = make_weights(in_h, out_h);
    const groups g = make_groups(horizontal, in_w);
    const pairs p = make_pairs(vertical);
    const size_t middle_bytes = (size_t)out_w * in_h * 4, out_bytes = (size_t)out_w * out_h * 4;
    uint8_t *middle[2] = {malloc(middle_bytes), malloc(middle_bytes)}, *out[2] = {malloc(out_bytes), malloc(out_bytes)};
    double best[2][2] = {{1e9, 1e9}, {1e9, 1e9}};  /* [pass][set] */
    for (int run = 0; run < runs; run++) {
        for (int set = 0; set < sets; set++) {
            double t = thread_seconds();
            const int h = (set ? gg_resample_horizontal_avx512 : gg_resample_horizontal_avx2)(
                source, in_w, g.padded_width, middle[set], in_h, g.windows, g.words, out_w);
            t = thread_seconds() - t;
            if (t < best[0][set]) best[0][set] = t;
            t = thread_seconds();
            const int v = (set ? gg_resample_vertical_avx512 : gg_resample_vertical_avx2)(
                middle[0], (ptrdiff_t)out_w * 4, out[set], 0, out_h, p.bounds, p.words, p.stride);
            t = thread_seconds() - t;
            if (t < best[1][set]) best[1][set] = t;
            if (h != GG_RESAMPLE_DONE || v != GG_RESAMPLE_DONE) {
                fprintf(stderr, "a pass refused the weights\n");
                return 1;
            }
        }
    }
    if (sets == 1) {
        printf("%dx%d -> %dx%d horizontal taps %d: AVX2 %.2f ms\n", in_w, in_h, out_w, in_h, horizontal.taps,
               best[0][0] * 1e3);
        printf("%dx%d -> %dx%d vertical taps %d: AVX2 %.2f ms\n", out_w, in_h, out_w, out_h, vertical.taps,
               best[1][0] * 1e3);
        return 0;
    }
    const int same_h = memcmp(middle[0], middle[1], middle_bytes) == 0, same_v = memcmp(out[0], out[1], out_bytes) == 0;
    printf("%dx%d -> %dx%d horizontal taps %d: AVX2 %.2f ms, AVX-512 %.2f ms, %.2fx, %s\n", in_w, in_h, out_w, in_h,
           horizontal.taps, best[0][0] * 1e3, best[0][1] * 1e3, best[0][0] / best[0][1], same_h ? "same bytes" : "BYTES DIFFER");
    printf("%dx%d -> %dx%d vertical taps %d: AVX2 %.2f ms, AVX-512 %.2f ms, %.2fx, %s\n", out_w, in_h, out_w, out_h,
           vertical.taps, best[1][0] * 1e3, best[1][1] * 1e3, best[1][0] / best[1][1], same_v ? "same bytes" : "BYTES DIFFER");
    return same_h && same_v ? 0 : 1;
}
