// A plain-C face for the few ICU services Foundation does not expose: a locale's alphabetic
// index (implemented in C++ over icu::AlphabeticIndex) and collation sort keys. Only C types cross this header, so Swift never
// sees ICU's own headers, which clash with the copy of ICU inside Foundation.
#ifndef ALMANAC_ICU_H
#define ALMANAC_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct almanac_collator almanac_collator;

/// Opens a collator for `locale`. `strength` is 1 (primary), 2 (secondary) or 3 (tertiary);
/// `numeric` non-zero sorts digit runs by value. Returns NULL on failure.
almanac_collator *almanac_collator_open(const char *locale, int32_t strength, int32_t numeric);

void almanac_collator_close(almanac_collator *collator);

/// Non-zero when ICU has data for the language of `locale` (`sv` of `sv-FI`): a collator opens
/// for any identifier at all, falling back to the root order for one it does not know.
int32_t almanac_locale_has_data(const char *locale);

/// Writes the sort key of `text` (UTF-16) into `key`; returns its length including the final
/// zero byte. When the result exceeds `capacity`, call again with a larger buffer.
int32_t almanac_collator_sort_key(
    const almanac_collator *collator, const uint16_t *text, int32_t length,
    uint8_t *key, int32_t capacity);

/// ICU's alphabetic index for a locale (icu::AlphabeticIndex, built immutable): its buckets in
/// order, each a label and a type — 0 a letter, 1 underflow, 2 inflow, 3 overflow — and the
/// bucket of a text. NULL when ICU cannot build one.
typedef struct almanac_alphabetic_index almanac_alphabetic_index;

almanac_alphabetic_index *almanac_alphabetic_index_open(const char *locale);

void almanac_alphabetic_index_close(almanac_alphabetic_index *index);

int32_t almanac_alphabetic_index_count(const almanac_alphabetic_index *index);

/// Writes bucket `bucket`'s label (UTF-16) into `buffer` and its type into `type`; returns the
/// label's length in code units (call again with more room if it exceeds `capacity`), or -1.
int32_t almanac_alphabetic_index_label(
    const almanac_alphabetic_index *index, int32_t bucket, uint16_t *buffer, int32_t capacity, int32_t *type);

/// The bucket `text` (UTF-16) falls in, or -1.
int32_t almanac_alphabetic_index_bucket(const almanac_alphabetic_index *index, const uint16_t *text, int32_t length);

#ifdef __cplusplus
}
#endif

#endif
