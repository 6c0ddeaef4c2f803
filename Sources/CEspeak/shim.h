#include <espeak-ng/speak_lib.h>
#include "../CLinuxShims/optional_library.h"

// What SpeechSynthesizer calls, loaded from libespeak-ng on the first spoken sound.
#define ALARMPLAY_ESPEAK_FUNCTIONS(X)                                                                 \
    X(espeak_Initialize) X(espeak_SetSynthCallback) X(espeak_SetVoiceByName) X(espeak_Synth)          \
    X(espeak_Synchronize) X(espeak_ListVoices)
ALARMPLAY_OPTIONAL_LIBRARY(alarmplay_espeak, ALARMPLAY_ESPEAK_FUNCTIONS)
