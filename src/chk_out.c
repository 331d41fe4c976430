/* chk_out.c — check results as JSON, SARIF 2.1.0 and JUnit XML (see chk_out.h). */
#include "chk_out.h"

#include <json-c/json.h>
#include <libxml/xmlwriter.h>
#include <string.h>

/* libxml2 wants xmlChar; our strings are UTF-8 already */
static const xmlChar *X(const char *s)
{
    return (const xmlChar *)s;
}

static json_object *str_or_null(const char *s)
{
    return s ? json_object_new_string(s) : NULL;
}

static json_object *int_or_null(long v, int known)
{
    return known ? json_object_new_int64(v) : NULL;
}

static int emit(FILE *fp, json_object *root)
{
    const char *s = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                             JSON_C_TO_STRING_NOSLASHESCAPE);
    int rc = s && fputs(s, fp) >= 0 && fputc('\n', fp) != EOF ? 0 : -1;
    json_object_put(root);
    return rc;
}

int chk_out_json(FILE *fp, const chk_report *rep, const diag_list *diags)
{
    json_object *root = json_object_new_object();
    json_object_object_add(root, "version", json_object_new_int(1));
    json_object_object_add(root, "passed", json_object_new_int64(rep->passed));
    json_object_object_add(root, "failed", json_object_new_int64(rep->failed));
    json_object_object_add(root, "skipped", json_object_new_int64(rep->skipped));
    json_object *cov = json_object_new_array();
    for (size_t i = 0; i < rep->ncov; i++) {
        const chk_coverage *c = &rep->cov[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "game", str_or_null(c->game));
        json_object_object_add(o, "lang", str_or_null(c->lang));
        json_object_object_add(o, "verified", json_object_new_boolean(!c->unverified));
        json_object_object_add(o, "statements", int_or_null(c->stmt_total, !c->unverified));
        json_object_object_add(o, "statements_bound", int_or_null(c->stmt_bound, !c->unverified));
        json_object_object_add(o, "blocks", int_or_null(c->total, !c->unverified));
        json_object_object_add(o, "blocks_bound", int_or_null(c->bound, !c->unverified));
        json_object_object_add(o, "claims", json_object_new_int(c->claims));
        json_object_object_add(o, "marked", json_object_new_int(c->marked));
        json_object_object_add(o, "target", int_or_null(c->target, c->target >= 0));
        json_object_array_add(cov, o);
    }
    json_object_object_add(root, "coverage", cov);
    json_object *fl = json_object_new_object();
    json_object_object_add(fl, "states", json_object_new_int64(rep->flow_states));
    json_object_object_add(fl, "combinations_realised", json_object_new_int64(rep->flow_combos_hit));
    json_object_object_add(fl, "combinations", json_object_new_int64(rep->flow_combos_total));
    json_object_object_add(root, "flowcharts", fl);
    json_object_object_add(root, "diagnostics", chk_out_diag_json(diags));
    return emit(fp, root);
}

json_object *chk_out_diag_json(const diag_list *diags)
{
    json_object *ds = json_object_new_array();
    for (size_t i = 0; i < diags->n; i++) {
        const diag *d = &diags->items[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "file", str_or_null(d->file));
        json_object_object_add(o, "line", int_or_null(d->line, d->line > 0));
        json_object_object_add(o, "column", int_or_null(d->col, d->col > 0));
        json_object_object_add(o, "severity", json_object_new_string(diag_severity_name(d->sev)));
        json_object_object_add(o, "id", str_or_null(d->code));
        json_object_object_add(o, "message", json_object_new_string(d->msg));
        json_object_array_add(ds, o);
    }
    return ds;
}

/* SARIF 2.1.0: one run of the tool "regelwerk", one result per error or
 * warning (notes are not findings), its rule the diagnostic's id. */
int chk_out_sarif(FILE *fp, const chk_report *rep, const diag_list *diags)
{
    (void)rep;
    json_object *root = json_object_new_object();
    json_object_object_add(root, "$schema",
                           json_object_new_string("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"));
    json_object_object_add(root, "version", json_object_new_string("2.1.0"));
    json_object *runs = json_object_new_array(), *run = json_object_new_object();
    json_object *tool = json_object_new_object(), *driver = json_object_new_object();
    json_object_object_add(driver, "name", json_object_new_string("regelwerk"));
    json_object_object_add(driver, "version", json_object_new_string(REGELWERK_VERSION));
    /* the rules: every distinct id that occurs */
    json_object *rules = json_object_new_array();
    for (size_t i = 0; i < diags->n; i++) {
        const char *id = diags->items[i].code;
        int seen = !id || diags->items[i].sev == DIAG_NOTE;
        for (size_t j = 0; j < i && !seen; j++)
            seen = diags->items[j].code && diags->items[j].sev != DIAG_NOTE && strcmp(diags->items[j].code, id) == 0;
        if (seen)
            continue;
        json_object *r = json_object_new_object();
        json_object_object_add(r, "id", json_object_new_string(id));
        json_object_array_add(rules, r);
    }
    json_object_object_add(driver, "rules", rules);
    json_object_object_add(tool, "driver", driver);
    json_object_object_add(run, "tool", tool);
    json_object *results = json_object_new_array();
    for (size_t i = 0; i < diags->n; i++) {
        const diag *d = &diags->items[i];
        if (d->sev == DIAG_NOTE)
            continue;
        json_object *r = json_object_new_object();
        json_object_object_add(r, "ruleId", json_object_new_string(d->code ? d->code : "regelwerk"));
        json_object_object_add(r, "level", json_object_new_string(d->sev == DIAG_ERROR ? "error" : "warning"));
        json_object *msg = json_object_new_object();
        json_object_object_add(msg, "text", json_object_new_string(d->msg));
        json_object_object_add(r, "message", msg);
        if (d->file) {
            json_object *locs = json_object_new_array(), *loc = json_object_new_object();
            json_object *phys = json_object_new_object(), *art = json_object_new_object();
            json_object_object_add(art, "uri", json_object_new_string(d->file));
            json_object_object_add(phys, "artifactLocation", art);
            if (d->line > 0) {
                json_object *region = json_object_new_object();
                json_object_object_add(region, "startLine", json_object_new_int(d->line));
                if (d->col > 0)
                    json_object_object_add(region, "startColumn", json_object_new_int(d->col));
                json_object_object_add(phys, "region", region);
            }
            json_object_object_add(loc, "physicalLocation", phys);
            json_object_array_add(locs, loc);
            json_object_object_add(r, "locations", locs);
        }
        json_object_array_add(results, r);
    }
    json_object_object_add(run, "results", results);
    json_object_array_add(runs, run);
    json_object_object_add(root, "runs", runs);
    return emit(fp, root);
}

/* JUnit XML: one test suite "regelwerk check"; each error or warning a
 * failed test case named by its id and place, and the passed checks as one
 * case each is not possible (they have no names): their count is in the
 * suite's tests attribute. */
int chk_out_junit(FILE *fp, const chk_report *rep, const diag_list *diags)
{
    xmlBufferPtr buf = xmlBufferCreate();
    xmlTextWriterPtr w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL;
    if (!w) {
        xmlBufferFree(buf);
        return -1;
    }
    char num[32], name[512];
    long failures = 0;
    for (size_t i = 0; i < diags->n; i++)
        failures += diags->items[i].sev != DIAG_NOTE;
    xmlTextWriterSetIndent(w, 1);
    xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
    xmlTextWriterStartElement(w, X("testsuites"));
    xmlTextWriterStartElement(w, X("testsuite"));
    xmlTextWriterWriteAttribute(w, X("name"), X("regelwerk check"));
    snprintf(num, sizeof num, "%ld", rep->passed + failures);
    xmlTextWriterWriteAttribute(w, X("tests"), X(num));
    snprintf(num, sizeof num, "%ld", failures);
    xmlTextWriterWriteAttribute(w, X("failures"), X(num));
    snprintf(num, sizeof num, "%ld", rep->skipped);
    xmlTextWriterWriteAttribute(w, X("skipped"), X(num));
    for (size_t i = 0; i < diags->n; i++) {
        const diag *d = &diags->items[i];
        if (d->sev == DIAG_NOTE)
            continue;
        snprintf(name, sizeof name, "%s %s:%d:%d", d->code ? d->code : "regelwerk", d->file ? d->file : "-",
                 d->line, d->col);
        xmlTextWriterStartElement(w, X("testcase"));
        xmlTextWriterWriteAttribute(w, X("classname"), X(d->file ? d->file : "regelwerk"));
        xmlTextWriterWriteAttribute(w, X("name"), X(name));
        xmlTextWriterStartElement(w, X("failure"));
        xmlTextWriterWriteAttribute(w, X("type"), X(d->code ? d->code : diag_severity_name(d->sev)));
        xmlTextWriterWriteAttribute(w, X("message"), X(d->msg));
        xmlTextWriterEndElement(w);
        xmlTextWriterEndElement(w);
    }
    xmlTextWriterEndDocument(w);
    xmlFreeTextWriter(w);
    int rc = fwrite(xmlBufferContent(buf), 1, (size_t)xmlBufferLength(buf), fp) == (size_t)xmlBufferLength(buf)
                 ? 0 : -1;
    xmlBufferFree(buf);
    return rc;
}
