#include "almanac_stop_signal.h"

#include <errno.h>
#include <semaphore.h>
#include <signal.h>
#include <string.h>

static sem_t almanac_stop;

static void almanac_stop_handler(int number) {
    (void)number;
    sem_post(&almanac_stop);
}

int almanac_stop_signal_install(void) {
    if (sem_init(&almanac_stop, 0, 0) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = almanac_stop_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, NULL) != 0 || sigaction(SIGTERM, &action, NULL) != 0) return -1;
    return 0;
}

void almanac_stop_signal_wait(void) {
    while (sem_wait(&almanac_stop) != 0 && errno == EINTR) {}
}
