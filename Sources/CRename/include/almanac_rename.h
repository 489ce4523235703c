#ifndef ALMANAC_RENAME_H
#define ALMANAC_RENAME_H

#ifdef __cplusplus
extern "C" {
#endif

/// Swaps two paths in one atomic step (Linux's renameat2 with RENAME_EXCHANGE): both names
/// exist before and after, so no observer ever finds neither. Returns 0, or -1 with errno set
/// (EINVAL or ENOSYS where the kernel or file system cannot exchange).
int almanac_exchange(const char *first, const char *second);

#ifdef __cplusplus
}
#endif

#endif
