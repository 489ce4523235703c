// A plain-C face for the few ICU services Foundation does not expose: a locale's index letters
// (CLDR index exemplars) and collation sort keys. Only C types cross this header, so Swift never
// sees ICU's own headers, which clash with the copy of ICU inside Foundation.
#ifndef ALMANAC_ICU_H
#define ALMANAC_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes the locale's index letters into `buffer` as NUL-separated UTF-16 strings (each
/// followed by a 0 unit), in ICU's set order. Returns the number of code units needed, or -1
/// when ICU has no index data for the locale.
int32_t almanac_index_letters(const char *locale, uint16_t *buffer, int32_t capacity);

typedef struct almanac_collator almanac_collator;

/// Opens a collator for `locale`. `strength` is 1 (primary), 2 (secondary) or 3 (tertiary);
/// `numeric` non-zero sorts digit runs by value. Returns NULL on failure.
almanac_collator *almanac_collator_open(const char *locale, int32_t strength, int32_t numeric);

void almanac_collator_close(almanac_collator *collator);

/// Writes the sort key of `text` (UTF-16) into `key`; returns its length including the final
/// zero byte. When the result exceeds `capacity`, call again with a larger buffer.
int32_t almanac_collator_sort_key(
    const almanac_collator *collator, const uint16_t *text, int32_t length,
    uint8_t *key, int32_t capacity);

/// ICU's script code for a code point (0 common, 1 inherited, 25 Latin, …), or -1.
int32_t almanac_script_of(uint32_t codepoint);

/// Non-zero when the code point is alphabetic (a letter of some script).
int32_t almanac_is_alphabetic(uint32_t codepoint);

#ifdef __cplusplus
}
#endif

#endif
