// A library that is loaded only when its face or provider is used (systemd's pattern for its
// optional libraries), so starting alarmplay maps only ALSA and libsndfile. A seam lists the
// functions it needs once; ALARMPLAY_OPTIONAL_LIBRARY turns that list into a table of function
// pointers (typed from the library's own header) and a loader that fills it with dlopen/dlsym.
// Macros only: each seam's module gets its own copy of the loader.
#include <dlfcn.h>
#include <stdlib.h>

#define ALARMPLAY_FUNCTION_POINTER(name) __typeof__(name) *_Nonnull name;
#define ALARMPLAY_RESOLVE(name) \
    if (!(*(void **)&functions->name = dlsym(library, #name))) { *error = dlerror(); free(functions); return NULL; }

// `prefix_functions` and `prefix_load(file, &error)`: the table (allocated once per process and
// never freed, as the library is never closed), or NULL with dlerror's text in `error`.
#define ALARMPLAY_OPTIONAL_LIBRARY(prefix, LIST)                                                      \
    struct prefix##_functions { LIST(ALARMPLAY_FUNCTION_POINTER) };                                   \
    static inline const struct prefix##_functions *prefix##_load(const char *file, const char **error) { \
        void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);                                          \
        struct prefix##_functions *functions = library ? calloc(1, sizeof *functions) : NULL;         \
        if (!functions) { *error = library ? "out of memory" : dlerror(); return NULL; }              \
        LIST(ALARMPLAY_RESOLVE)                                                                       \
        return functions;                                                                             \
    }
