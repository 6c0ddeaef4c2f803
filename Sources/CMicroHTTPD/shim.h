#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stdarg.h>
#include <stdio.h>
#include <microhttpd.h>
#include "../CLinuxShims/optional_library.h"

// What HTTPServer and HTTPMessageReader call, loaded from libmicrohttpd when the page is served.
#define ALARMPLAY_MHD_FUNCTIONS(X)                                                                    \
    X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_run) X(MHD_get_timeout) X(MHD_get_daemon_info)       \
    X(MHD_get_connection_info) X(MHD_get_connection_values) X(MHD_suspend_connection)                 \
    X(MHD_resume_connection) X(MHD_create_response_from_buffer) X(MHD_create_response_from_callback)  \
    X(MHD_add_response_header) X(MHD_queue_response) X(MHD_destroy_response)
ALARMPLAY_OPTIONAL_LIBRARY(alarmplay_mhd, ALARMPLAY_MHD_FUNCTIONS)

/// MHD's own messages go into `buffer` (256 bytes) instead of raw lines on stderr, so they can be
/// logged as one event (`event=http_failed reason="..."`).
static inline void alarmplay_mhd_logger(void *buffer, const char *format, va_list arguments) {
    vsnprintf((char *)buffer, 256, format, arguments);
}

// MHD_start_daemon and the MHD_get_*_info calls are variadic, which Swift cannot call; these
// fixed-signature wrappers pass the few options alarmplay uses.

/// Starts a daemon driven by the caller's own poll loop (epoll, no internal thread), on
/// `address` (IPv4 or IPv6), with suspend/resume for event streams.
static inline struct MHD_Daemon *alarmplay_mhd_start(
    const struct alarmplay_mhd_functions *mhd, const struct sockaddr *address, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    MHD_NotifyConnectionCallback notify, void *notify_context,
    unsigned int connection_limit, unsigned int per_address_limit, unsigned int idle_timeout_seconds,
    int ipv6, char *error_buffer) {
    unsigned int flags = MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    if (ipv6) flags |= MHD_USE_IPv6;
    uint16_t port = ipv6 ? ntohs(((const struct sockaddr_in6 *)address)->sin6_port)
                         : ntohs(((const struct sockaddr_in *)address)->sin_port);
    return mhd->MHD_start_daemon(
        flags, port, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_NOTIFY_CONNECTION, notify, notify_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_EXTERNAL_LOGGER, alarmplay_mhd_logger, error_buffer,
        MHD_OPTION_END);
}

/// The epoll descriptor to poll for readability before calling MHD_run; -1 if none.
static inline int alarmplay_mhd_epoll_fd(const struct alarmplay_mhd_functions *mhd, struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = mhd->MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info ? info->epoll_fd : -1;
}

/// The port actually bound (for port 0 in tests).
static inline uint16_t alarmplay_mhd_port(const struct alarmplay_mhd_functions *mhd, struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = mhd->MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The peer's address as text ("127.0.0.1", "::1"), into `buffer`; empty if unknown.
static inline void alarmplay_mhd_client_address(
    const struct alarmplay_mhd_functions *mhd, struct MHD_Connection *connection, char *buffer, socklen_t size) {
    buffer[0] = 0;
    const union MHD_ConnectionInfo *info = mhd->MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, size);
    }
}

/// The connection's socket; -1 if unknown.
static inline int alarmplay_mhd_connection_fd(const struct alarmplay_mhd_functions *mhd, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = mhd->MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// A response holding its own copy of `body` (MHD_RESPMEM_MUST_COPY).
static inline struct MHD_Response *alarmplay_mhd_copied_response(
    const struct alarmplay_mhd_functions *mhd, const void *body, size_t size) {
    return mhd->MHD_create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
}
