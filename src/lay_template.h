/* lay_template.h — page templates (templates/<id>.xml) and game themes
 * (templates/themes/<game>.xml), validated against template.rng.
 *
 * A template fixes the page (A4 or US Letter, portrait or landscape, 1–3
 * columns, margins), the body size, leading and its fit-to-pages floor, and
 * heading sizes as multiples of the body size. A theme gives a game its
 * colours; a game without one gets neutral defaults.
 *
 * All lengths in a loaded template are PDF points. Ownership: the caller
 * frees a template with lay_template_free().
 */
#ifndef REGELWERK_LAY_TEMPLATE_H
#define REGELWERK_LAY_TEMPLATE_H

#include "diag.h"
#include "dl.h"

typedef struct lay_theme {
    dl_color accent;        /* headings, step numbers, rules */
    dl_color text;
    dl_color rule;          /* table rules */
    dl_color table_head;    /* table head background */
    dl_color important, tip, example;   /* callout backgrounds */
    dl_color gap;           /* the frame and label of a gap in the source */
} lay_theme;

typedef struct lay_template {
    char *id;
    char *dir;              /* the templates folder (hyphenation.xml lives there), or NULL */
    char *paper;            /* "a4" | "letter" */
    double page_w, page_h;  /* after orientation */
    int landscape;
    int columns;            /* 1..3 */
    double margin_top, margin_bottom, margin_inner, margin_outer, column_gap;
    double body_size, leading;          /* leading as a multiple of the size */
    double min_body_size;               /* fit-to-pages floor, >= 7.5 */
    double max_body_size;               /* fill ceiling (default 10.5) */
    int justify;
    double block_space;                 /* multiple of the leading */
    double h_scale[3], h_before[3], h_after[3];   /* levels 1..3; before/after in leadings */
    double furniture_size, title_size;
    lay_theme theme;
    char *kind;             /* "sheet", "cards" or "flowchart" */
    /* kind="cards": the card, in points */
    double card_w, card_h, card_inset, card_band, card_icon, card_text, card_text_min;
    double card_bleed;      /* art runs this far past the cut */
    double card_safe;       /* text keeps this far inside the cut */
    int card_cols, card_rows;   /* at most this grid (the paper may hold fewer) */
    /* kind="flowchart": labels in points, dot's separations in inches */
    double flow_label, flow_label_w, flow_min_label, flow_nodesep, flow_ranksep;
    double flow_max_label;              /* scaled up to at most this */
} lay_template;

/* Loads templates_dir/<id>.xml for paper ("a4" or "letter") — a sheet,
 * cards or flowchart template (kind=), each kind checked against what the
 * caller wants (want_kind, NULL = any) — applies its
 * <paper> overrides, and the theme templates_dir/themes/<game>.xml when it
 * exists. Validated against template.rng when found next to the content
 * schema (../src/schema or ../schema from templates_dir). Errors go to d;
 * NULL on any error. */
lay_template *lay_template_load(const char *templates_dir, const char *id, const char *paper,
                                const char *game, diag_list *d);
lay_template *lay_template_load_kind(const char *templates_dir, const char *id, const char *want_kind,
                                     const char *paper, const char *game, diag_list *d);

/* The built-in reference layout (what templates/reference.xml says) for
 * tests and as a fallback: paper "a4"/"letter", landscape 0/1, 1–3 columns. */
lay_template *lay_template_default(const char *paper, int landscape, int columns);

void lay_template_free(lay_template *t);

/* Compiles template.rng into the loader's cache (doc_schema_preload), for
 * a process about to fork children that each load templates. */
void lay_template_preload(const char *templates_dir);

/* Paper sizes in points (portrait); 0 for an unknown name. */
int lay_paper_size(const char *paper, double *w, double *h);

#endif
