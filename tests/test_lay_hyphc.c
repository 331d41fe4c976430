/* test_lay_hyphc.c — compiled hyphenation dictionaries find exactly the
 * points libhyphen's own load finds, on every word of the real content, and
 * a stale or damaged compiled file is never used. */
#include <CUnit/CUnit.h>
#include <ctype.h>
#include <hyphen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lay_hyphc.h"
#include "testutil.h"

/* The words of the content files, lower-cased; Latin-1 bytes for latin1
 * dictionaries (German), UTF-8 otherwise. Calls fn for each. */
static long each_word(const char *files, int latin1, void (*fn)(const char *w, size_t n, void *ctx), void *ctx)
{
    char cmd[512], out[64];
    char list[] = "/tmp/regelwerk-words-XXXXXX";
    int fd = mkstemp(list);
    if (fd < 0)
        return -1;
    close(fd);
    snprintf(cmd, sizeof cmd, "cat %s > %s", files, list);
    if (tu_run(cmd, out, sizeof out) != 0)
        return -1;
    size_t len;
    char *text = tu_read_file(list, &len);
    unlink(list);
    if (!text)
        return -1;
    long count = 0;
    char w[256];
    size_t n = 0;
    for (size_t i = 0; i <= len; i++) {
        unsigned char c = i < len ? (unsigned char)text[i] : ' ';
        int letter = isalpha(c) || c >= 0x80;
        if (letter && n < sizeof w - 2) {
            if (latin1 && c == 0xC3 && i + 1 < len) {
                /* UTF-8 Latin-1 letters to one byte, lower-cased */
                unsigned char l = (unsigned char)(0xC0 | ((unsigned char)text[++i] & 0x3F));
                w[n++] = (char)(l >= 0xC0 && l <= 0xDE && l != 0xD7 ? l + 0x20 : l);
            } else if (latin1 && c >= 0x80) {
                n = sizeof w;   /* beyond Latin-1: not a word for this dictionary */
            } else {
                w[n++] = (char)tolower(c);
            }
            continue;
        }
        if (n >= 4 && n < sizeof w) {
            w[n] = '\0';
            fn(w, n, ctx);
            count++;
        }
        n = 0;
    }
    free(text);
    return count;
}

typedef struct cmp_ctx {
    HyphenDict *a, *b;
    long differ;
} cmp_ctx;

static void compare(const char *w, size_t n, void *data)
{
    cmp_ctx *c = data;
    char ha[600], hb[600];
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    memset(ha, 0, sizeof ha);
    memset(hb, 0, sizeof hb);
    hnj_hyphen_hyphenate3(c->a, w, (int)n, ha, NULL, &rep, &pos, &cut, 2, 2, 2, 2);
    free(rep), free(pos), free(cut);
    rep = NULL, pos = NULL, cut = NULL;
    hnj_hyphen_hyphenate3(c->b, w, (int)n, hb, NULL, &rep, &pos, &cut, 2, 2, 2, 2);
    free(rep), free(pos), free(cut);
    if (memcmp(ha, hb, n) != 0)
        c->differ++;
}

static void same_points(const char *dic, int latin1)
{
    char dir[] = "/tmp/regelwerk-hyphc-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    char out[300];
    snprintf(out, sizeof out, "%s/compiled.rwh", dir);
    HyphenDict *a = hnj_hyphen_load(dic);
    CU_ASSERT_FATAL(a != NULL);
    CU_ASSERT_EQUAL_FATAL(lay_hyphc_write(a, dic, out), 0);
    lay_hyphc *c = lay_hyphc_load(out, dic);
    CU_ASSERT_FATAL(c != NULL);
    cmp_ctx ctx = {a, lay_hyphc_dict(c), 0};
    long words = each_word("content/*/*.xml templates/hyphenation.xml", latin1, compare, &ctx);
    CU_ASSERT(words > 2000);
    CU_ASSERT_EQUAL(ctx.differ, 0);
    /* its pages let go of (after a sheet): the words fault them back */
    lay_hyphc_release(c);
    CU_ASSERT_EQUAL(each_word("content/*/*.xml templates/hyphenation.xml", latin1, compare, &ctx), words);
    CU_ASSERT_EQUAL(ctx.differ, 0);
    /* the same file loaded again while the first is mapped: its address is
     * taken, so this one is relocated into the heap (and when the first
     * could not get its address either, both were): the same points */
    lay_hyphc *c2 = lay_hyphc_load(out, dic);
    CU_ASSERT_FATAL(c2 != NULL);
    CU_ASSERT_FALSE(lay_hyphc_in_place(c2));
    cmp_ctx ctx2 = {a, lay_hyphc_dict(c2), 0};
    CU_ASSERT_EQUAL(each_word("content/*/*.xml templates/hyphenation.xml", latin1, compare, &ctx2), words);
    CU_ASSERT_EQUAL(ctx2.differ, 0);
    lay_hyphc_free(c2);
    lay_hyphc_free(c);
    /* the records checked through the mapping, as where the file system
     * refuses O_DIRECT (the load above read them past the page cache) */
    lay_hyphc *c3 = lay_hyphc_load_via(out, dic, 0);
    CU_ASSERT_FATAL(c3 != NULL);
    cmp_ctx ctx3 = {a, lay_hyphc_dict(c3), 0};
    CU_ASSERT_EQUAL(each_word("content/*/*.xml templates/hyphenation.xml", latin1, compare, &ctx3), words);
    CU_ASSERT_EQUAL(ctx3.differ, 0);
    lay_hyphc_free(c3);
    hnj_hyphen_free(a);
    /* a compiled file of other patterns is not used */
    CU_ASSERT_PTR_NULL(lay_hyphc_load(out, "templates/hyphenation.xml"));
    /* nor a damaged one */
    char cmd[700], o[64];
    snprintf(cmd, sizeof cmd, "truncate -s 100 %s", out);
    CU_ASSERT_EQUAL(tu_run(cmd, o, sizeof o), 0);
    CU_ASSERT_PTR_NULL(lay_hyphc_load(out, dic));
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    tu_run(cmd, o, sizeof o);
}

static void test_german(void)
{
    same_points("/usr/share/hyphen/hyph_de_DE.dic", 1);
}

static void test_italian(void)
{
    same_points("/usr/share/hyphen/hyph_it_IT.dic", 0);
}

/* The resident kB of the mappings that overlap [a, a + len), from smaps. */
static long resident_kb(const char *a, size_t len)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return -1;
    char line[512];
    long kb = 0;
    int in = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        char dash;
        if (sscanf(line, "%lx%c%lx ", &lo, &dash, &hi) == 3 && dash == '-')
            in = lo < (unsigned long)(a + len) && hi > (unsigned long)a;
        else if (in && strncmp(line, "Rss:", 4) == 0)
            kb += atol(line + 4);
    }
    fclose(f);
    return kb;
}

/* A file that is all in the page cache, mapped and split by page: reading
 * two of its pages makes those two resident, not the cached ones around
 * them that the kernel maps on a fault otherwise (fault-around). */
static void test_map_by_page(void)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE), n = 64;
    char path[] = "/tmp/regelwerk-mapXXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    unlink(path);
    char *buf = malloc(page);
    CU_ASSERT_FATAL(buf != NULL);
    for (size_t i = 0; i < n; i++) {
        memset(buf, (int)('a' + i % 26), page);
        CU_ASSERT_FATAL(write(fd, buf, page) == (ssize_t)page);
    }
    free(buf);
    char *map = mmap(NULL, n * page, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    CU_ASSERT_FATAL(map != MAP_FAILED);
    lay_map_by_page(map, n * page, page);
    CU_ASSERT_EQUAL(resident_kb(map, n * page), 0);
    volatile char c = map[20 * page + 5];
    c = (char)(c + map[41 * page]);
    (void)c;
    CU_ASSERT_EQUAL(resident_kb(map, n * page), (long)(2 * page / 1024));
    CU_ASSERT_EQUAL(map[20 * page + 5], 'a' + 20 % 26);
    CU_ASSERT_EQUAL(map[41 * page], 'a' + 41 % 26);
    munmap(map, n * page);
}

void suite_lay_hyphc(void);
void suite_lay_hyphc(void)
{
    CU_pSuite s = CU_add_suite("lay_hyphc", NULL, NULL);
    CU_add_test(s, "German: the compiled dictionary breaks every content word as libhyphen does", test_german);
    CU_add_test(s, "Italian: likewise", test_italian);
    CU_add_test(s, "a file mapped by page: a read makes its page resident, not the cached ones around it",
                test_map_by_page);
}
