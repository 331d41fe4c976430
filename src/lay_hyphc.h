/* lay_hyphc.h — compiled hyphenation dictionaries: libhyphen's own state
 * machine, written once to a file and mapped back in milliseconds.
 *
 * libhyphen builds its automaton from the LibreOffice pattern files on every
 * load; for German (77,900 patterns, 280,000 states) that costs about 1.2 s
 * and 28 MiB in every process. The patterns stay the source: the first load
 * of a pattern file goes through libhyphen and its result is written
 * (temp + rename) beside the others in a cache folder, keyed by the pattern
 * file's size and content hash; every later load maps that file and points
 * libhyphen's structs into it, so hyphenation runs libhyphen's own code on
 * libhyphen's own automaton and finds the same points. The records are
 * written for one preferred address and used from the mapping in place when
 * the file can be mapped there (see lay_hyphc.c).
 *
 * Ownership: lay_hyphc_load() returns a dictionary that only
 * lay_hyphc_free() releases (never hnj_hyphen_free(): its strings live in
 * the mapping).
 */
#ifndef REGELWERK_LAY_HYPHC_H
#define REGELWERK_LAY_HYPHC_H

#include <hyphen.h>

typedef struct lay_hyphc lay_hyphc;

/* Writes d (with its next levels) to out_path, keyed by the pattern file
 * src_path as it is now. 0, or -1 (nothing left at out_path). */
int lay_hyphc_write(const HyphenDict *d, const char *src_path, const char *out_path);

/* Maps out_path when it was compiled from src_path as src_path is now, on
 * this machine's ABI. NULL otherwise (stale, foreign, damaged or absent). */
lay_hyphc *lay_hyphc_load(const char *compiled_path, const char *src_path);

/* lay_hyphc_load, its records checked through the mapping when direct is 0
 * instead of read past the page cache (what it falls back to where the file
 * system refuses O_DIRECT; for tests). */
lay_hyphc *lay_hyphc_load_via(const char *compiled_path, const char *src_path, int direct);

/* Splits a read-only file mapping of len bytes into one mapping (VMA) a
 * page: on a fault the kernel maps the cached pages around the one touched
 * (fault-around, up to 16) but never beyond the mapping that holds it, so
 * that only the pages read become resident. Every other page is marked not
 * to be dumped (no other effect), which keeps neighbours from merging. */
void lay_map_by_page(void *map, size_t len, size_t page);

/* The dictionary, for hnj_hyphen_hyphenate*(); valid until lay_hyphc_free. */
HyphenDict *lay_hyphc_dict(lay_hyphc *c);
/* 1 when the file was mapped at the address its records were made for
 * (no copy of the states), 0 when they were relocated into the heap. */
int lay_hyphc_in_place(const lay_hyphc *c);
void lay_hyphc_free(lay_hyphc *c);

/* Lets the pages of a dictionary used in place leave this process's
 * resident set (they come back from the page cache when touched); nothing
 * for a relocated one or NULL. */
void lay_hyphc_release(lay_hyphc *c);

#endif
