#include "almanac_http.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

struct almanac_route {
    almanac_http_handler handler;
    void *context;
};

static struct almanac_route route;

// MHD calls the handler once when the headers arrive (with *request == NULL) and again for
// each piece of a body; a GET or HEAD has none, so the answer is queued on the second call.
static enum MHD_Result dispatch(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                const char *version, const char *upload_data, size_t *upload_data_size, void **request) {
    (void) version; (void) upload_data;
    static int started;
    struct almanac_route *target = cls;
    if (*request == NULL) {
        *request = &started;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        *upload_data_size = 0;  // a body is read and dropped; the answer comes at its end
        return MHD_YES;
    }
    return target->handler(target->context, connection, url, method);
}

// The handler gets the path as the client sent it, still percent-encoded: it decodes it once
// itself and refuses a NUL, which MHD's own decoding would pass on as the end of the string.
static size_t keep_escapes(void *cls, struct MHD_Connection *connection, char *text) {
    (void) cls; (void) connection;
    return strlen(text);
}

struct MHD_Daemon *almanac_http_start(const char *host, uint16_t port, unsigned timeout, unsigned limit,
                                      almanac_http_handler handler, void *context, uint16_t *bound_port) {
    route.handler = handler;
    route.context = context;
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    struct sockaddr *address;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        address = (struct sockaddr *) &v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (struct sockaddr *) &v6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, port, NULL, NULL, dispatch, &route,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout,
        MHD_OPTION_CONNECTION_LIMIT, limit,
        MHD_OPTION_UNESCAPE_CALLBACK, keep_escapes, NULL,
        MHD_OPTION_END);
    if (daemon != NULL && bound_port != NULL) {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
        *bound_port = info != NULL ? info->port : port;
    }
    return daemon;
}
