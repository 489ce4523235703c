// libmicrohttpd behind a small C surface: starting a daemon takes C varargs, which Swift
// cannot call, so it is done here. Everything else Swift calls in microhttpd.h directly.
#ifndef ALMANAC_HTTP_H
#define ALMANAC_HTTP_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Called once per request, when its headers are in; returns MHD_YES when it queued a response.
/// `url` is the target as sent, percent-encoding kept, without its query; it is empty when the
/// target held a raw NUL byte, which a C string cannot carry, and is to be refused.
typedef enum MHD_Result (*almanac_http_handler)(void *context, struct MHD_Connection *connection, const char *url, const char *method);

/// A running server, until almanac_http_stop.
struct almanac_http_server;

/// Serves on `host` (an IPv4 or IPv6 literal) and `port` (0: any free one), a thread per
/// connection, dropping connections idle for `timeout` seconds and refusing more than `limit`
/// at once. `bound_port` receives the port bound. NULL when the address cannot be bound.
struct almanac_http_server *almanac_http_start(const char *host, uint16_t port, unsigned timeout, unsigned limit,
                                               almanac_http_handler handler, void *context, uint16_t *bound_port);

/// Stops serving: returns once every connection's thread has ended, and frees the server.
void almanac_http_stop(struct almanac_http_server *server);

#endif
