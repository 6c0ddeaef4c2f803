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

#include <sys/prctl.h>
#include <unistd.h>
#include <signal.h>
#include <fcntl.h>
// Starts `argv[0]` (found in PATH) in a process group of its own, stdin from /dev/null, stdout
// into `stdout_fd`, stderr into `stderr_fd`, killed by the kernel if this process dies
// (PR_SET_PDEATHSIG), which posix_spawn cannot ask for. Returns the pid, or -1.
static inline pid_t alarmplay_spawn_child(char *const argv[], int stdout_fd, int stderr_fd) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0) return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    setpgid(0, 0);
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0) dup2(null_fd, 0);
    dup2(stdout_fd, 1);
    dup2(stderr_fd, 2);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execvp(argv[0], argv);
    _exit(127);
}

#include <sys/syscall.h>
// A descriptor that becomes readable when process `pid` ends (Linux 5.3), so the event loop can
// wait for hook commands without SIGCHLD.
static inline int alarmplay_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

// An input device's name and exclusive use (<linux/input.h>'s ioctls are macros Swift cannot call).
#include <linux/input.h>
#include <sys/ioctl.h>
static inline int alarmplay_evdev_name(int fd, char *name, int length) {
    return ioctl(fd, EVIOCGNAME(length), name);
}
static inline int alarmplay_evdev_grab(int fd, int on) {
    return ioctl(fd, EVIOCGRAB, on);
}
