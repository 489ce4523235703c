#include "almanac_icu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucol.h>
#include <unicode/uloc.h>

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
