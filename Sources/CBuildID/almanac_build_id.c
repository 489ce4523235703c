#define _GNU_SOURCE
#include "almanac_build_id.h"

#include <elf.h>
#include <link.h>
#include <string.h>

struct almanac_build_id_search {
    uint8_t *buffer;
    int32_t capacity;
    int32_t length;
};

// Notes are padded to four bytes.
static size_t almanac_padded(size_t size) { return (size + 3) & ~(size_t)3; }

// dl_iterate_phdr visits the program itself first: its notes are read and the walk stops.
static int almanac_visit(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct almanac_build_id_search *search = data;
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_NOTE) continue;
        const char *note = (const char *)(info->dlpi_addr + header->p_vaddr);
        const char *end = note + header->p_memsz;
        while (note + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *head = (const ElfW(Nhdr) *)note;
            const char *name = note + sizeof(ElfW(Nhdr));
            const uint8_t *description = (const uint8_t *)(name + almanac_padded(head->n_namesz));
            if ((const char *)description + head->n_descsz > end) break;
            if (head->n_type == NT_GNU_BUILD_ID && head->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
                int32_t length = head->n_descsz < (ElfW(Word))search->capacity ? (int32_t)head->n_descsz : search->capacity;
                memcpy(search->buffer, description, (size_t)length);
                search->length = length;
                return 1;
            }
            note = (const char *)description + almanac_padded(head->n_descsz);
        }
    }
    return 1;
}

int32_t almanac_build_id(uint8_t *buffer, int32_t capacity) {
    struct almanac_build_id_search search = {buffer, capacity, 0};
    dl_iterate_phdr(almanac_visit, &search);
    return search.length;
}
