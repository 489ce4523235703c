#include "almanac_http.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

struct almanac_route {
    almanac_http_handler handler;
    void *context;
};

// Each server has its own route, so servers started side by side (tests do) never answer
// with each other's handler.
struct almanac_http_server {
    struct MHD_Daemon *daemon;
    struct almanac_route route;
};

// A request's context is a number, not a pointer to anything: the length of its target as
// the URI log callback saw it, plus one, with `started` set once the handler has been called.
static const uintptr_t started = (uintptr_t) 1 << (sizeof(uintptr_t) * 8 - 1);

// MHD hands the target on as a C string, cut at its first byte 0, so a raw NUL in the path
// (`GET /page\0.html`) would arrive as `/page`. MHD ends the target where the version begins,
// in the line it read: it is whole exactly when its length as seen here reaches the version.
// This runs before MHD cuts the query off at `?`, so the length is the whole target's.
static void *remember_length(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void) cls; (void) connection;
    return uri == NULL ? NULL : (void *) (uintptr_t) (strlen(uri) + 1);
}

// Whether the target the client sent held a raw NUL: a version string that begins past the
// end of the target as a C string, close behind it in the same line.
static int holds_raw_nul(const char *url, const char *version, uintptr_t context) {
    size_t seen = (size_t) (context & ~started) - 1;
    if (version == NULL || version[0] == '\0' || version <= url) return 0;
    size_t gap = (size_t) (version - url);
    return gap > seen + 1 && gap < 65536;
}

// MHD calls the handler once when the headers arrive and again for each piece of a body; a GET
// or HEAD has none, so the answer is queued on the second call.
static enum MHD_Result dispatch(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                const char *version, const char *upload_data, size_t *upload_data_size, void **request) {
    (void) upload_data;
    struct almanac_route *target = cls;
    uintptr_t context = (uintptr_t) *request;
    if ((context & started) == 0) {
        *request = (void *) (context | started);
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        *upload_data_size = 0;  // a body is read and dropped; the answer comes at its end
        return MHD_YES;
    }
    // An empty target is one the handler refuses (400): see almanac_http_handler.
    if (context != started && holds_raw_nul(url, version, context)) url = "";
    return target->handler(target->context, connection, url, method);
}

// The handler gets the path as the client sent it, still percent-encoded: it decodes it once
// itself and refuses a NUL, which MHD's own decoding would pass on as the end of the string.
static size_t keep_escapes(void *cls, struct MHD_Connection *connection, char *text) {
    (void) cls; (void) connection;
    return strlen(text);
}

struct almanac_http_server *almanac_http_start(const char *host, uint16_t port, unsigned timeout, unsigned limit,
                                               almanac_http_handler handler, void *context, uint16_t *bound_port) {
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
    struct almanac_http_server *server = malloc(sizeof *server);
    if (server == NULL) return NULL;
    server->route.handler = handler;
    server->route.context = context;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, port, NULL, NULL, dispatch, &server->route,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout,
        MHD_OPTION_CONNECTION_LIMIT, limit,
        MHD_OPTION_UNESCAPE_CALLBACK, keep_escapes, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, remember_length, NULL,
        MHD_OPTION_END);
    if (daemon == NULL) {
        free(server);
        return NULL;
    }
    server->daemon = daemon;
    if (bound_port != NULL) {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
        *bound_port = info != NULL ? info->port : port;
    }
    return server;
}

void almanac_http_stop(struct almanac_http_server *server) {
    // Joins every connection's thread: no request is being dispatched once it returns.
    MHD_stop_daemon(server->daemon);
    free(server);
}
