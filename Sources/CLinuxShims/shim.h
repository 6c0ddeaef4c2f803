#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <termios.h>
#include <time.h>

// timerfd_settime's flag is an enum in glibc's header; Swift imports the
// macro-free value through these constants.
static const int alarmplay_TFD_TIMER_ABSTIME = TFD_TIMER_ABSTIME;
static const int alarmplay_TFD_TIMER_CANCEL_ON_SET = TFD_TIMER_CANCEL_ON_SET;
static const int alarmplay_TFD_CLOEXEC = TFD_CLOEXEC;
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <poll.h>
#include <pthread.h>

// struct ucred needs _GNU_SOURCE, which Glibc's module is not built with; same layout here.
struct alarmplay_peer_credentials {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};

// The wall clock that also wakes the machine from suspend (needs CAP_WAKE_ALARM).
static const int alarmplay_CLOCK_REALTIME_ALARM = CLOCK_REALTIME_ALARM;

#include <sys/timex.h>
// 1 when the kernel considers the clock synchronised (NTP), 0 when not, -1 when unknown.
static inline int alarmplay_clock_synchronised(void) {
    struct timex state = {0};
    int result = adjtimex(&state);
    if (result < 0) return -1;
    return result == TIME_ERROR ? 0 : 1;
}
