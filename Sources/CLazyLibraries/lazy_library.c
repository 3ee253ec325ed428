#include "lazy_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int lm_library_load(struct lm_library *library, char *error, size_t size) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) {
        // RTLD_LOCAL: its symbols stay out of the global scope, so they
        // never stand in for the trampolines of the same names.
        void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            const char *why = dlerror();
            snprintf(library->error, sizeof library->error, "cannot load %s (Debian package %s): %s",
                     library->soname, library->package, why ? why : "unknown error");
            library->state = -1;
        } else {
            library->state = 1;
            for (size_t i = 0; i < library->count; i++) {
                void *function = dlsym(handle, library->symbols[i].name);
                if (function == NULL) {
                    snprintf(library->error, sizeof library->error,
                             "%s has no %s: too old? (Debian package %s)", library->soname,
                             library->symbols[i].name, library->package);
                    library->state = -1;
                    break;
                }
                *library->symbols[i].slot = function;
            }
            if (library->state != 1) {
                for (size_t i = 0; i < library->count; i++) *library->symbols[i].slot = NULL;
                dlclose(handle);
            }
        }
    }
    int state = library->state;
    if (state != 1 && size > 0) {
        strncpy(error, library->error, size - 1);
        error[size - 1] = '\0';
    }
    pthread_mutex_unlock(&library->lock);
    return state == 1 ? 0 : -1;
}

void lm_library_unloaded(const char *function) {
    fprintf(stderr, "ledmarquee: %s called before its library was loaded\n", function);
    abort();
}
