// Ctrl-C for `almanac serve`, caught by a plain signal handler. A Dispatch signal source is
// armed asynchronously after it is resumed: a SIGINT sent in that moment met SIG_IGN and was
// lost, and the server never stopped. A handler installed with sigaction is in place before
// the call returns, and it only posts a semaphore, which is safe in a signal handler.
#ifndef ALMANAC_STOP_SIGNAL_H
#define ALMANAC_STOP_SIGNAL_H

#ifdef __cplusplus
extern "C" {
#endif

/// From now on SIGINT and SIGTERM are caught, and each wakes one `almanac_stop_signal_wait`.
/// Returns 0, or -1 with errno set.
int almanac_stop_signal_install(void);

/// Waits until SIGINT or SIGTERM arrives; one that came before the call is not lost.
void almanac_stop_signal_wait(void);

#ifdef __cplusplus
}
#endif

#endif
