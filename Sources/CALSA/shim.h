#include <alsa/asoundlib.h>

// alsa-lib prints its own diagnostics ("ALSA lib pcm.c:2666: Unknown PCM nosuch") to stderr
// before returning the error code we already turn into one clear line. A handler that ignores
// them keeps alarmplay's errors to that one line. Swift cannot define a C variadic function,
// so the handler lives here.
static void alarmplay_ignore_alsa_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void alarmplay_silence_alsa_errors(void) {
    snd_lib_error_set_handler(alarmplay_ignore_alsa_error);
}
