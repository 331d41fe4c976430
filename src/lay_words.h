/* lay_words.h — the words the layout prints itself, per language, in one
 * place for every surface: a sheet's page numbers, callout labels, the
 * colophon's "Quelle/Schriften/Symbole", a card sheet's printing notes, a
 * flowchart's "ja/nein" and legend. A new language is one more row here
 * (and its hyphenation, number words and typography in templates/lang).
 *
 * Ownership: static strings.
 */
#ifndef REGELWERK_LAY_WORDS_H
#define REGELWERK_LAY_WORDS_H

typedef struct lay_sheet_words {
    const char *page, *of;   /* "Seite" 3 "von" 4 */
    const char *print100;
    const char *important, *tip, *example, *gap;
    const char *flowchart, *own_sheet, *version;
    const char *unverified;  /* printed on every page of an output built without verification */
    const char *open_points; /* the box of what the sources leave open */
    const char *source, *fonts, *icons, *by, *contributors;   /* the colophon */
} lay_sheet_words;

typedef struct lay_card_words {
    const char *cards, *colophon, *home_long, *home_short, *shop, *align_title, *align_how;
    /* the legend of an area effect's grid: the square of the figure using
     * it, the square with the dot */
    const char *grid_user, *grid_target;
} lay_card_words;

typedef struct lay_flow_words {
    const char *yes, *no, *terminal, *action, *decision, *legend, *part, *connector;
} lay_flow_words;

typedef struct lay_words {
    const char *lang;   /* "de", "it", "en" */
    lay_sheet_words sheet;
    lay_card_words cards;
    lay_flow_words flow;
} lay_words;

/* The words of lang ("de", "de-CH", "it_IT"): English for a language there
 * is no row for. */
const lay_words *lay_words_for(const char *lang);

/* A licence written in English ("Fonts: …", "Icons: … by … and
 * contributors", as lay_fonts_credit and icon_credit give them) with those
 * words in lang's; the caller frees it. NULL when memory ran out. */
char *lay_localize_credit(const char *lang, const char *english);

#endif
