// ICU's AlphabeticIndex (C++ only) behind the plain-C header: the buckets a locale's index
// has, each with its label and type, and the bucket a text falls in. Built once into ICU's
// ImmutableIndex, whose bucket lookup is safe from several threads.
#include "almanac_icu.h"

#include <unicode/alphaindex.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

struct almanac_alphabetic_index {
    icu::AlphabeticIndex::ImmutableIndex *index;
};

extern "C" almanac_alphabetic_index *almanac_alphabetic_index_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    icu::AlphabeticIndex builder(icu::Locale(locale), status);
    if (U_FAILURE(status)) return nullptr;
    icu::AlphabeticIndex::ImmutableIndex *index = builder.buildImmutableIndex(status);
    if (U_FAILURE(status) || index == nullptr) {
        delete index;
        return nullptr;
    }
    return new almanac_alphabetic_index{index};
}

extern "C" void almanac_alphabetic_index_close(almanac_alphabetic_index *index) {
    if (index == nullptr) return;
    delete index->index;
    delete index;
}

extern "C" int32_t almanac_alphabetic_index_count(const almanac_alphabetic_index *index) {
    return index->index->getBucketCount();
}

extern "C" int32_t almanac_alphabetic_index_label(
    const almanac_alphabetic_index *index, int32_t bucket, uint16_t *buffer, int32_t capacity, int32_t *type) {
    const icu::AlphabeticIndex::Bucket *found = index->index->getBucket(bucket);
    if (found == nullptr) return -1;
    if (type != nullptr) *type = static_cast<int32_t>(found->getLabelType());
    const icu::UnicodeString &label = found->getLabel();
    int32_t length = label.length();
    for (int32_t i = 0; i < length && i < capacity; i++) buffer[i] = label.charAt(i);
    return length;
}

extern "C" int32_t almanac_alphabetic_index_bucket(const almanac_alphabetic_index *index, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString string(reinterpret_cast<const UChar *>(text), length);
    int32_t bucket = index->index->getBucketIndex(string, status);
    return U_FAILURE(status) ? -1 : bucket;
}
