#include <mosquitto.h>
#include "../CLinuxShims/optional_library.h"

// What MQTTConnection calls, loaded from libmosquitto when MQTT is on.
#define ALARMPLAY_MOSQUITTO_FUNCTIONS(X)                                                              \
    X(mosquitto_lib_init) X(mosquitto_new) X(mosquitto_destroy) X(mosquitto_user_data_set)            \
    X(mosquitto_int_option) X(mosquitto_connect_callback_set) X(mosquitto_message_callback_set)       \
    X(mosquitto_will_set) X(mosquitto_username_pw_set) X(mosquitto_tls_set) X(mosquitto_connect_async) \
    X(mosquitto_disconnect) X(mosquitto_publish) X(mosquitto_subscribe) X(mosquitto_socket)           \
    X(mosquitto_want_write) X(mosquitto_loop_read) X(mosquitto_loop_write) X(mosquitto_loop_misc)     \
    X(mosquitto_connack_string) X(mosquitto_strerror)
ALARMPLAY_OPTIONAL_LIBRARY(alarmplay_mosquitto, ALARMPLAY_MOSQUITTO_FUNCTIONS)
