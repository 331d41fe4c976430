/* lay_words.c — the words the layout prints itself (see lay_words.h). */
#include "lay_words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const lay_words table[] = {
    {"de",
     {"Seite", "von", "Mit 100\xC2\xA0% drucken, nicht \xE2\x80\x9E" "an Seite anpassen\xE2\x80\x9C",
     "Wichtig", "Tipp", "Beispiel", "L\xC3\xBC" "cke in der Quelle", "Ablaufdiagramm", "eigenes Blatt", "Version",
     "nicht verifiziert", "Unklarheiten", "Quelle", "Schriften", "Symbole", " von ", " und weiteren"},
     {"Karten", "Impressum",
     "Auf A4 oder US Letter bei 100 % drucken (ohne Anpassen), beidseitig, Wenden an der langen Kante: "
     "die R\xC3\xBC" "ckseiten sind dazu gespiegelt. An den Schnittmarken schneiden; Hintergr\xC3\xBC" "nde laufen "
     "\xC3\xBC" "ber die Schnittkante hinaus.",
     "Auf A4 oder US Letter bei 100 % drucken (ohne Anpassen), beidseitig, Wenden an der kurzen Kante: "
     "die R\xC3\xBC" "ckseiten sind dazu gespiegelt. An den Schnittmarken schneiden.",
     "F\xC3\xBC" "r die Druckerei: eine Karte je Seite mit Anschnitt, Vorderseite und R\xC3\xBC" "ckseite im Wechsel; "
     "TrimBox und BleedBox stehen auf jeder Seite.",
     "Duplex-Ausrichtung",
     "Beidseitig drucken wie die Karten, gegen das Licht halten und ablesen, wo das rote Kreuz der "
     "R\xC3\xBC" "ckseite die Skala trifft (mm). Mit --back-offset X,Y ausgleichen: X nach rechts, Y nach unten, "
     "wie die R\xC3\xBC" "ckseite gedruckt wird.",
     "Anwender", "Hauptziel"},
     {"ja", "nein", "Anfang / Ende", "Aktion", "Entscheidung", "Legende", "Teil", "Fortsetzung"}},
    {"it",
     {"Pagina", "di", "Stampare al 100\xC2\xA0%, non \xC2\xAB" "adatta alla pagina\xC2\xBB", "Importante",
     "Suggerimento", "Esempio", "Lacuna nella fonte", "Diagramma di flusso", "foglio a parte", "Versione",
     "non verificato", "Punti aperti", "Fonte", "Caratteri", "Icone", " di ", " e altri"},
     {"Carte", "Colophon",
     "Stampare su A4 o US Letter al 100 % (senza adattare), fronte-retro sul lato lungo: i retri sono "
     "specchiati per questo. Tagliare sui segni di taglio; gli sfondi escono oltre il taglio.",
     "Stampare su A4 o US Letter al 100 % (senza adattare), fronte-retro sul lato corto: i retri sono "
     "specchiati per questo. Tagliare sui segni di taglio.",
     "Per la tipografia: una carta per pagina con abbondanza, fronte e retro alternati; TrimBox e BleedBox "
     "su ogni pagina.",
     "Allineamento fronte-retro",
     "Stampare fronte-retro come le carte, guardare in controluce e leggere dove la croce rossa del retro "
     "incontra la scala (mm). Correggere con --back-offset X,Y: X a destra, Y in basso, come il retro "
     "viene stampato.",
     "utilizzatore", "bersaglio principale"},
     {"s\xC3\xAC", "no", "Inizio / fine", "Azione", "Decisione", "Legenda", "Parte", "Continua"}},
    {"en",
     {"Page", "of", "Print at 100\xC2\xA0%, not \xE2\x80\x9C" "fit to page\xE2\x80\x9D", "Important", "Tip",
     "Example", "Gap in the source", "Flowchart", "separate sheet", "Version", "not verified", "Open points", "Source", "Fonts", "Icons", " by ", " and contributors"},
     {"Cards", "Colophon",
     "Print on A4 or US Letter at 100 % (no fitting), two-sided, flipping on the long edge: the backs are "
     "mirrored for it. Cut at the crop marks; backgrounds run past the cut.",
     "Print on A4 or US Letter at 100 % (no fitting), two-sided, flipping on the short edge: the backs are "
     "mirrored for it. Cut at the crop marks.",
     "For a print shop: one card per page with bleed, front and back in turn; TrimBox and BleedBox on every "
     "page.",
     "Duplex alignment",
     "Print two-sided as the cards, hold against the light and read where the back's red cross meets the "
     "scale (mm). Correct with --back-offset X,Y: X to the right, Y down, as the back is printed.",
     "user", "main target"},
     {"yes", "no", "Start / end", "Action", "Decision", "Legend", "Part", "Continued"}},
};

const lay_words *lay_words_for(const char *lang)
{
    for (size_t i = 0; lang && i < sizeof table / sizeof table[0]; i++)
        if (strncmp(lang, table[i].lang, 2) == 0)
            return &table[i];
    return &table[sizeof table / sizeof table[0] - 1];   /* English */
}

char *lay_localize_credit(const char *lang, const char *english)
{
    static const char *const en[] = {"Fonts: ", "Icons: ", " by ", " and contributors"};
    const lay_sheet_words *w = &lay_words_for(lang)->sheet;
    const char *loc[] = {w->fonts, w->icons, w->by, w->contributors};
    size_t cap = strlen(english) * 2 + 64, l = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    for (const char *src = english; *src;) {
        int hit = -1;
        for (int k = 0; k < 4 && hit < 0; k++)
            if (strncmp(src, en[k], strlen(en[k])) == 0)
                hit = k;
        const char *put = hit >= 0 ? loc[hit] : NULL;
        size_t need = put ? strlen(put) + 2 : 1;
        if (l + need + 1 > cap) {
            char *p = realloc(out, cap = cap * 2 + need);
            if (!p) {
                free(out);
                return NULL;
            }
            out = p;
        }
        if (hit < 0) {
            out[l++] = *src++;
            continue;
        }
        l += (size_t)sprintf(out + l, hit < 2 ? "%s: " : "%s", put);
        src += strlen(en[hit]);
    }
    out[l] = '\0';
    return out;
}
