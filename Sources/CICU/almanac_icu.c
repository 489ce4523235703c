#include "almanac_icu.h"

#include <stdlib.h>
#include <unicode/ucol.h>

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
