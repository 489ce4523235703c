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


// MARK: A locale's words: plural forms, numbers, lists, direction

/// ICU's plural rules for a locale (`one`, `few`, `many`, `other`, …), NULL when it has none.
typedef struct almanac_plural_rules almanac_plural_rules;

almanac_plural_rules *almanac_plural_rules_open(const char *locale);

void almanac_plural_rules_close(almanac_plural_rules *rules);

/// Writes the plural category of `number` (ASCII, zero-terminated) into `keyword`; returns its
/// length, or -1.
int32_t almanac_plural_rules_select(const almanac_plural_rules *rules, double number, char *keyword, int32_t capacity);

/// Writes the locale's categories, space-separated and zero-terminated, into `keywords`;
/// returns the length, or -1.
int32_t almanac_plural_rules_keywords(const almanac_plural_rules *rules, char *keywords, int32_t capacity);

/// ICU's decimal formatter for a locale, grouping as the locale groups.
typedef struct almanac_number_format almanac_number_format;

almanac_number_format *almanac_number_format_open(const char *locale);

void almanac_number_format_close(almanac_number_format *format);

/// Writes `value` as the locale writes it (UTF-16) into `buffer`; returns the length in code
/// units (call again with more room if it exceeds `capacity`), or -1.
int32_t almanac_number_format_int64(const almanac_number_format *format, int64_t value, uint16_t *buffer, int32_t capacity);

/// A symbol of the format (UTF-16): 0 the grouping separator, 1 the decimal separator, 10 to 19
/// the digits zero to nine. Returns the length, or -1.
int32_t almanac_number_format_symbol(const almanac_number_format *format, int32_t symbol, uint16_t *buffer, int32_t capacity);

/// An attribute of the format: 0 the grouping size, 1 the secondary grouping size (India's
/// 1,00,000), 2 the fewest digits before the first separator shows (Spanish and Polish: 2).
int32_t almanac_number_format_attribute(const almanac_number_format *format, int32_t attribute);

/// Joins `count` texts (UTF-16, with their lengths) as the locale writes a list of things that
/// are all meant ("A, B and C"); returns the length, or -1.
int32_t almanac_list_format(
    const char *locale, const uint16_t *const *items, const int32_t *lengths, int32_t count,
    uint16_t *buffer, int32_t capacity);

/// Non-zero when the locale's script is written right to left.
int32_t almanac_locale_is_right_to_left(const char *locale);

/// Writes the locale with its likely script and region added (`zh_TW` → `zh_Hant_TW`) into
/// `buffer`; returns the length, or -1.
int32_t almanac_locale_maximized(const char *locale, char *buffer, int32_t capacity);

/// Writes ICU's identifier for a BCP 47 tag (`zh-Hant-TW` → `zh_Hant_TW`); returns the length,
/// or -1 when it is not a well-formed tag.
int32_t almanac_locale_from_tag(const char *tag, char *buffer, int32_t capacity);

/// The locales ICU has data for, and each one's language named in English (`Swedish`).
int32_t almanac_locale_available_count(void);

const char *almanac_locale_available(int32_t index);

int32_t almanac_locale_english_name(const char *locale, uint16_t *buffer, int32_t capacity);


// MARK: Dates

/// ICU's date formatter for a locale, with the locale's own calendar (Buddhist years in Thai,
/// Persian in Farsi) and digits. `kind`: 0 a year, 1 a month of a year, 2 a day (the medium
/// style), 3 a day and a time of hours and minutes, 4 with seconds. `zone`: an ICU time zone
/// ID (`UTC`, `GMT+02:00`) that is shown after the time, or NULL for a time as written with
/// no zone. Not shared between threads. NULL on failure.
typedef struct almanac_date_format almanac_date_format;

almanac_date_format *almanac_date_format_open(const char *locale, int32_t kind, const char *zone);

void almanac_date_format_close(almanac_date_format *format);

/// Writes the moment that is the given proleptic Gregorian date and wall-clock time in the
/// format's zone (UTC without one) into `buffer` (UTF-16); returns the length in code units
/// (call again with more room if it exceeds `capacity`), or -1.
int32_t almanac_date_format_fields(
    almanac_date_format *format, int32_t year, int32_t month, int32_t day, int32_t hour, int32_t minute, int32_t second,
    uint16_t *buffer, int32_t capacity);

// MARK: Words in text written without spaces

/// ICU's word break iterator with the root locale's rules, which cut Chinese, Japanese, Thai,
/// Lao, Khmer and Burmese by their dictionaries. Not shared between threads.
typedef struct almanac_word_breaker almanac_word_breaker;

almanac_word_breaker *almanac_word_breaker_open(void);

void almanac_word_breaker_close(almanac_word_breaker *breaker);

/// Cuts `text` (UTF-16) into words: writes each word's start and end, in code units, as pairs
/// into `bounds` (pieces that are spaces or punctuation are left out) and returns how many
/// numbers that took; when it exceeds `capacity`, call again with more room. -1 on failure.
int32_t almanac_word_breaks(
    almanac_word_breaker *breaker, const uint16_t *text, int32_t length, int32_t *bounds, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
