#include "almanac_icu.h"

#include <stdlib.h>
#include <unicode/ucol.h>
#include <unicode/ulocdata.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <unicode/uset.h>

int32_t almanac_index_letters(const char *locale, uint16_t *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    ULocaleData *data = ulocdata_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    USet *set = ulocdata_getExemplarSet(data, NULL, 0, ULOCDATA_ES_INDEX, &status);
    ulocdata_close(data);
    if (U_FAILURE(status) || set == NULL) {
        if (set) uset_close(set);
        return -1;
    }
    int32_t needed = 0;
    int32_t count = uset_getItemCount(set);
    UChar item[64];
    for (int32_t i = 0; i < count; i++) {
        UChar32 start, end;
        UErrorCode itemStatus = U_ZERO_ERROR;
        int32_t length = uset_getItem(set, i, &start, &end, item, 64, &itemStatus);
        if (U_FAILURE(itemStatus)) continue;
        if (length == 0) {
            // A range of single code points.
            for (UChar32 c = start; c <= end; c++) {
                UChar units[2];
                int32_t n = 0;
                if (c > 0xFFFF) {
                    units[n++] = (UChar)(0xD7C0 + (c >> 10));
                    units[n++] = (UChar)(0xDC00 | (c & 0x3FF));
                } else {
                    units[n++] = (UChar)c;
                }
                for (int32_t k = 0; k < n; k++) {
                    if (needed < capacity) buffer[needed] = units[k];
                    needed++;
                }
                if (needed < capacity) buffer[needed] = 0;
                needed++;
            }
        } else {
            // A multi-character string such as Czech "CH".
            for (int32_t k = 0; k < length && k < 64; k++) {
                if (needed < capacity) buffer[needed] = item[k];
                needed++;
            }
            if (needed < capacity) buffer[needed] = 0;
            needed++;
        }
    }
    uset_close(set);
    return needed;
}

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

int32_t almanac_script_of(uint32_t codepoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)codepoint, &status);
    if (U_FAILURE(status)) return -1;
    return (int32_t)code;
}

int32_t almanac_is_alphabetic(uint32_t codepoint) {
    return u_isalpha((UChar32)codepoint) ? 1 : 0;
}
