#ifndef LEDMARQUEE_LAZY_LIBRARY_H
#define LEDMARQUEE_LAZY_LIBRARY_H

#include <pthread.h>
#include <stddef.h>

// One library loaded on first use: its soname, the Debian package that
// ships it (named in the error), and the function pointers to fill.
struct lm_symbol {
    const char *name;
    void **slot;
};

struct lm_library {
    const char *soname;
    const char *package;
    const struct lm_symbol *symbols;
    size_t count;
    pthread_mutex_t lock;
    int state; // 0 not tried, 1 loaded, -1 failed
    char error[256];
};

// Loads `library` once (thread-safe); 0, or -1 with its message in `error`.
int lm_library_load(struct lm_library *library, char *error, size_t size);

// A trampoline called before its library was loaded: a defect in the
// program, not a user error. Says which function and aborts.
_Noreturn void lm_library_unloaded(const char *function);

// Declares the pointer to the real `name`, typed from its declaration in
// the library's header (so a wrong signature does not compile), the
// trampoline with the same name and parameters, and its symbol-table entry.
#define LM_POINTER(name) static __typeof__(name) *real_##name;
#define LM_SYMBOL(name) {#name, (void **)&real_##name},
// The pointers, the symbol table and the `struct lm_library` named
// `variable` for the functions LIST names (an X-macro: LIST(X) expands to
// X(name) for each function).
#define LM_LIBRARY(variable, soname_, package_, LIST) \
    LIST(LM_POINTER) \
    static const struct lm_symbol variable##_symbols[] = {LIST(LM_SYMBOL)}; \
    static struct lm_library variable = { \
        .soname = soname_, \
        .package = package_, \
        .symbols = variable##_symbols, \
        .count = sizeof variable##_symbols / sizeof variable##_symbols[0], \
        .lock = PTHREAD_MUTEX_INITIALIZER, \
    };
#define LM_CALL(name, args) \
    if (real_##name == NULL) lm_library_unloaded(#name); \
    return real_##name args;
#define LM_CALL_VOID(name, args) \
    if (real_##name == NULL) lm_library_unloaded(#name); \
    real_##name args;

#endif
