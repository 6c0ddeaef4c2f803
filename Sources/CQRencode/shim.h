#include <qrencode.h>
#include "../CLinuxShims/optional_library.h"

// What QRCode calls, loaded from libqrencode when a QR code is drawn.
#define ALARMPLAY_QRENCODE_FUNCTIONS(X) X(QRcode_encodeString) X(QRcode_free)
ALARMPLAY_OPTIONAL_LIBRARY(alarmplay_qrencode, ALARMPLAY_QRENCODE_FUNCTIONS)
