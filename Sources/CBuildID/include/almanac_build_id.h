#ifndef ALMANAC_BUILD_ID_H
#define ALMANAC_BUILD_ID_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The running program's GNU build ID (the linker's hash of its code and data), read from its
/// own loaded notes: copies up to `capacity` bytes into `buffer` and returns how many, or 0
/// when the program has none.
int32_t almanac_build_id(uint8_t *buffer, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
