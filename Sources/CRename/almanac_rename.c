// The one system call Swift's Glibc module does not show: glibc declares renameat2 only
// under _GNU_SOURCE, so it is called from here.
#define _GNU_SOURCE
#include "almanac_rename.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int almanac_exchange(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}
