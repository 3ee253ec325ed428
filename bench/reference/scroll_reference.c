/* The limit of a scroll step, for `make bench` (bench/README.md, "Against
 * the limit"): replays the very bytes ledmarquee wrote for a scroll — each
 * step's cursor moves, delete-characters and new cells, as recorded from its
 * write(2) calls — one write per step, at the recorded step's moment, on an
 * absolute-deadline sleep. Nothing else: no frame model, no diff, no loop.
 * Whatever ledmarquee spends beyond this is its own overhead.
 *
 * Usage: scroll_reference STEPS_FILE
 * STEPS_FILE: records of  u64 nanoseconds since the first step (LE),
 *             u32 length (LE), then that many bytes.
 * Writes to standard output; exits after the last step. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct step { uint64_t at; uint32_t length; const unsigned char *bytes; };

static unsigned char *slurp(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    rewind(file);
    unsigned char *data = length > 0 ? malloc((size_t) length) : NULL;
    if (data && fread(data, 1, (size_t) length, file) != (size_t) length) { free(data); data = NULL; }
    fclose(file);
    *size = data ? (size_t) length : 0;
    return data;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: scroll_reference STEPS_FILE\n"); return 2; }
    size_t size = 0, count = 0, capacity = 1024;
    unsigned char *data = slurp(argv[1], &size);
    struct step *steps = malloc(capacity * sizeof *steps);
    if (!data || !steps) { fprintf(stderr, "scroll_reference: cannot read %s\n", argv[1]); return 1; }
    for (size_t offset = 0; offset + 12 <= size; count++) {
        if (count == capacity) steps = realloc(steps, (capacity *= 2) * sizeof *steps);
        memcpy(&steps[count].at, data + offset, 8);
        memcpy(&steps[count].length, data + offset + 8, 4);
        steps[count].bytes = data + offset + 12;
        offset += 12 + steps[count].length;
        if (offset > size) break;
    }
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (size_t i = 0; i < count; i++) {
        uint64_t at = (uint64_t) start.tv_nsec + steps[i].at;
        struct timespec deadline = { start.tv_sec + (time_t) (at / 1000000000u), (long) (at % 1000000000u) };
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) {}
        const unsigned char *bytes = steps[i].bytes;
        size_t left = steps[i].length;
        while (left > 0) {
            ssize_t written = write(STDOUT_FILENO, bytes, left);
            if (written < 0 && errno == EINTR) continue;
            if (written <= 0) return 1;
            bytes += written;
            left -= (size_t) written;
        }
    }
    return 0;
}
