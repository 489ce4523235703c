#include "almanac_icu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ucal.h>
#include <unicode/ucol.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/ulistformatter.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/uenum.h>
#include <unicode/ustring.h>

struct almanac_collator {
    UCollator *collator;
};

almanac_collator *almanac_collator_open(const char *locale, int32_t strength, int32_t numeric) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &status);
    if (U_FAILURE(status) || collator == NULL) return NULL;
    UColAttributeValue level = UCOL_TERTIARY;
    if (strength == 1) level = UCOL_PRIMARY;
    else if (strength == 2) level = UCOL_SECONDARY;
    ucol_setStrength(collator, level);
    ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, numeric ? UCOL_ON : UCOL_OFF, &status);
    if (U_FAILURE(status)) {
        ucol_close(collator);
        return NULL;
    }
    almanac_collator *wrapper = malloc(sizeof(almanac_collator));
    if (wrapper == NULL) {
        ucol_close(collator);
        return NULL;
    }
    wrapper->collator = collator;
    return wrapper;
}

void almanac_collator_close(almanac_collator *collator) {
    if (collator == NULL) return;
    ucol_close(collator->collator);
    free(collator);
}

int32_t almanac_collator_sort_key(
    const almanac_collator *collator, const uint16_t *text, int32_t length,
    uint8_t *key, int32_t capacity) {
    return ucol_getSortKey(collator->collator, (const UChar *)text, length, key, capacity);
}

int32_t almanac_locale_has_data(const char *locale) {
    char language[ULOC_LANG_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(locale, language, sizeof language, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || language[0] == '\0') return 0;
    int32_t count = uloc_countAvailable();
    for (int32_t index = 0; index < count; index++) {
        char available[ULOC_LANG_CAPACITY];
        UErrorCode availableStatus = U_ZERO_ERROR;
        uloc_getLanguage(uloc_getAvailable(index), available, sizeof available, &availableStatus);
        if (U_SUCCESS(availableStatus) && strcmp(language, available) == 0) return 1;
    }
    return 0;
}

// MARK: A locale's words

struct almanac_plural_rules {
    UPluralRules *rules;
};

almanac_plural_rules *almanac_plural_rules_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status) || rules == NULL) return NULL;
    almanac_plural_rules *wrapper = malloc(sizeof(almanac_plural_rules));
    if (wrapper == NULL) {
        uplrules_close(rules);
        return NULL;
    }
    wrapper->rules = rules;
    return wrapper;
}

void almanac_plural_rules_close(almanac_plural_rules *rules) {
    if (rules == NULL) return;
    uplrules_close(rules->rules);
    free(rules);
}

/// Keywords are ASCII (`zero`, `one`, `two`, `few`, `many`, `other`).
static int32_t almanac_ascii(const UChar *text, int32_t length, char *buffer, int32_t capacity) {
    if (length < 0 || length >= capacity) return -1;
    for (int32_t index = 0; index < length; index++) buffer[index] = text[index] < 128 ? (char)text[index] : '?';
    buffer[length] = '\0';
    return length;
}

int32_t almanac_plural_rules_select(const almanac_plural_rules *rules, double number, char *keyword, int32_t capacity) {
    UChar buffer[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uplrules_select(rules->rules, number, buffer, 32, &status);
    if (U_FAILURE(status)) return -1;
    return almanac_ascii(buffer, length, keyword, capacity);
}

int32_t almanac_plural_rules_keywords(const almanac_plural_rules *rules, char *keywords, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *names = uplrules_getKeywords(rules->rules, &status);
    if (U_FAILURE(status) || names == NULL) return -1;
    int32_t written = 0;
    const char *name;
    int32_t length;
    while ((name = uenum_next(names, &length, &status)) != NULL && U_SUCCESS(status)) {
        if (written + length + 2 > capacity) {
            uenum_close(names);
            return -1;
        }
        if (written > 0) keywords[written++] = ' ';
        memcpy(keywords + written, name, (size_t)length);
        written += length;
    }
    uenum_close(names);
    keywords[written] = '\0';
    return U_SUCCESS(status) ? written : -1;
}

struct almanac_number_format {
    UNumberFormat *format;
};

almanac_number_format *almanac_number_format_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status) || format == NULL) return NULL;
    // The old API keeps one digit as the default for compatibility; the locale's data says
    // Spanish and Polish write 1000 but 10 000.
    unum_setAttribute(format, UNUM_MINIMUM_GROUPING_DIGITS, UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
    almanac_number_format *wrapper = malloc(sizeof(almanac_number_format));
    if (wrapper == NULL) {
        unum_close(format);
        return NULL;
    }
    wrapper->format = format;
    return wrapper;
}

void almanac_number_format_close(almanac_number_format *format) {
    if (format == NULL) return;
    unum_close(format->format);
    free(format);
}

int32_t almanac_number_format_int64(const almanac_number_format *format, int64_t value, uint16_t *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_formatInt64(format->format, value, (UChar *)buffer, capacity, NULL, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    return U_FAILURE(status) ? -1 : length;
}

int32_t almanac_number_format_symbol(const almanac_number_format *format, int32_t symbol, uint16_t *buffer, int32_t capacity) {
    UNumberFormatSymbol which;
    if (symbol == 0) which = UNUM_GROUPING_SEPARATOR_SYMBOL;
    else if (symbol == 1) which = UNUM_DECIMAL_SEPARATOR_SYMBOL;
    else if (symbol == 10) which = UNUM_ZERO_DIGIT_SYMBOL;
    else if (symbol > 10 && symbol < 20) which = (UNumberFormatSymbol)(UNUM_ONE_DIGIT_SYMBOL + (symbol - 11));
    else return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_getSymbol(format->format, which, (UChar *)buffer, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    return U_FAILURE(status) ? -1 : length;
}

int32_t almanac_number_format_attribute(const almanac_number_format *format, int32_t attribute) {
    switch (attribute) {
    case 0: return unum_getAttribute(format->format, UNUM_GROUPING_SIZE);
    case 1: return unum_getAttribute(format->format, UNUM_SECONDARY_GROUPING_SIZE);
    case 2: {
        // Asked of the formatter, which may answer "the locale's" rather than a number: a
        // grouped 1000 means one digit suffices, an ungrouped one two.
        UChar buffer[32];
        UChar separator[8];
        UErrorCode status = U_ZERO_ERROR;
        int32_t length = unum_formatInt64(format->format, 1000, buffer, 32, NULL, &status);
        int32_t separatorLength = unum_getSymbol(format->format, UNUM_GROUPING_SEPARATOR_SYMBOL, separator, 8, &status);
        if (U_FAILURE(status) || separatorLength < 1) return 1;
        for (int32_t index = 0; index + separatorLength <= length; index++) {
            if (memcmp(buffer + index, separator, (size_t)separatorLength * sizeof(UChar)) == 0) return 1;
        }
        return 2;
    }
    default: return -1;
    }
}

int32_t almanac_list_format(
    const char *locale, const uint16_t *const *items, const int32_t *lengths, int32_t count,
    uint16_t *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UListFormatter *formatter = ulistfmt_open(locale, &status);
    if (U_FAILURE(status) || formatter == NULL) return -1;
    int32_t length = ulistfmt_format(formatter, (const UChar *const *)items, lengths, count, (UChar *)buffer, capacity, &status);
    ulistfmt_close(formatter);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    return U_FAILURE(status) ? -1 : length;
}

int32_t almanac_locale_is_right_to_left(const char *locale) {
    return uloc_isRightToLeft(locale) ? 1 : 0;
}

int32_t almanac_locale_maximized(const char *locale, char *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_addLikelySubtags(locale, buffer, capacity, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return length;
}

int32_t almanac_locale_from_tag(const char *tag, char *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, buffer, capacity, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || parsed != (int32_t)strlen(tag)) return -1;
    return length;
}

int32_t almanac_locale_available_count(void) {
    return uloc_countAvailable();
}

const char *almanac_locale_available(int32_t index) {
    return uloc_getAvailable(index);
}

int32_t almanac_locale_english_name(const char *locale, uint16_t *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayLanguage(locale, "en", (UChar *)buffer, capacity, &status);
    if (U_FAILURE(status)) return -1;
    return length;
}

// MARK: Dates

struct almanac_date_format {
    UDateFormat *format;
    // The proleptic Gregorian calendar in the format's zone that turns fields into a moment.
    UCalendar *fields;
};

// The skeletons of a year and of a month; a day is the medium style, a time the short or
// medium time after it.
static const char *const almanac_date_skeletons[] = {"y", "yMMM"};

// Every date Gregorian back to the beginning: before 1582 ICU would read and show Julian dates.
static void almanac_proleptic(UCalendar *calendar) {
    UErrorCode status = U_ZERO_ERROR;
    ucal_setGregorianChange(calendar, -1.8e15, &status);
}

almanac_date_format *almanac_date_format_open(const char *locale, int32_t kind, const char *zone) {
    if (kind < 0 || kind > 4) return NULL;
    UChar zoneID[64];
    u_uastrncpy(zoneID, zone != NULL ? zone : "UTC", 63);
    zoneID[63] = 0;
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *format = NULL;
    if (kind >= 2) {
        UDateFormatStyle time = kind == 2 ? UDAT_NONE : kind == 3 ? UDAT_SHORT : UDAT_MEDIUM;
        format = udat_open(time, UDAT_MEDIUM, locale, zoneID, -1, NULL, 0, &status);
        if (U_SUCCESS(status) && zone != NULL && kind >= 3) {
            // The zone as the data wrote it, in the locale's short form, after the time.
            UChar pattern[160];
            int32_t length = udat_toPattern(format, 0, pattern, 150, &status);
            if (U_SUCCESS(status) && length < 150) {
                u_uastrcpy(pattern + length, " z");
                udat_applyPattern(format, 0, pattern, length + 2);
            }
        }
    } else {
        UChar skeleton[8];
        u_uastrcpy(skeleton, almanac_date_skeletons[kind]);
        UDateTimePatternGenerator *generator = udatpg_open(locale, &status);
        UChar pattern[128];
        int32_t length = U_SUCCESS(status)
            ? udatpg_getBestPattern(generator, skeleton, -1, pattern, 128, &status) : 0;
        if (generator != NULL) udatpg_close(generator);
        if (U_FAILURE(status) || length >= 128) return NULL;
        format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zoneID, -1, pattern, length, &status);
    }
    if (U_FAILURE(status) || format == NULL) {
        if (format != NULL) udat_close(format);
        return NULL;
    }
    UCalendar *shown = ucal_clone(udat_getCalendar(format), &status);
    if (U_SUCCESS(status)) {
        almanac_proleptic(shown);
        udat_setCalendar(format, shown);
        ucal_close(shown);
    }
    status = U_ZERO_ERROR;
    UCalendar *fields = ucal_open(zoneID, -1, "en_US@calendar=gregorian", UCAL_GREGORIAN, &status);
    if (U_FAILURE(status) || fields == NULL) {
        udat_close(format);
        return NULL;
    }
    almanac_proleptic(fields);
    ucal_setAttribute(fields, UCAL_LENIENT, 0);
    almanac_date_format *wrapper = malloc(sizeof(almanac_date_format));
    if (wrapper == NULL) {
        ucal_close(fields);
        udat_close(format);
        return NULL;
    }
    wrapper->format = format;
    wrapper->fields = fields;
    return wrapper;
}

void almanac_date_format_close(almanac_date_format *format) {
    if (format == NULL) return;
    ucal_close(format->fields);
    udat_close(format->format);
    free(format);
}

int32_t almanac_date_format_fields(
    almanac_date_format *format, int32_t year, int32_t month, int32_t day, int32_t hour, int32_t minute, int32_t second,
    uint16_t *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    ucal_clear(format->fields);
    ucal_setDateTime(format->fields, year, month - 1, day, hour, minute, second, &status);
    UDate moment = ucal_getMillis(format->fields, &status);
    if (U_FAILURE(status)) return -1;
    int32_t length = udat_format(format->format, moment, (UChar *)buffer, capacity, NULL, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    return U_FAILURE(status) ? -1 : length;
}

// MARK: Words in text written without spaces

struct almanac_word_breaker {
    UBreakIterator *iterator;
};

almanac_word_breaker *almanac_word_breaker_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) return NULL;
    almanac_word_breaker *breaker = malloc(sizeof(almanac_word_breaker));
    if (breaker == NULL) {
        ubrk_close(iterator);
        return NULL;
    }
    breaker->iterator = iterator;
    return breaker;
}

void almanac_word_breaker_close(almanac_word_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    free(breaker);
}

int32_t almanac_word_breaks(
    almanac_word_breaker *breaker, const uint16_t *text, int32_t length, int32_t *bounds, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    int32_t start = ubrk_first(breaker->iterator);
    for (int32_t end = ubrk_next(breaker->iterator); end != UBRK_DONE; start = end, end = ubrk_next(breaker->iterator)) {
        if (ubrk_getRuleStatus(breaker->iterator) == UBRK_WORD_NONE) continue;
        if (count + 2 <= capacity) {
            bounds[count] = start;
            bounds[count + 1] = end;
        }
        count += 2;
    }
    // The iterator keeps no pointer into a text that is about to go away.
    ubrk_setText(breaker->iterator, NULL, 0, &status);
    return count;
}
