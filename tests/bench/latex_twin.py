#!/usr/bin/env python3
"""latex_twin.py — a LaTeX twin of a summary, for `make bench`: the same
words (the title, every paragraph, list item and step of our XML, headings
as headings, worked examples in tinted boxes with their label, tables as
tables, the gaps the sheet prints as notes as footnotes), 9 pt on 10.8 in
two justified columns of 89 mm, set by pdfLaTeX with microtype (protrusion
and expansion) and babel's hyphenation. Output is deterministic. Marks,
icons and numbers appear as their text; icons are not drawn. (Until the
seventh round the twin set the paragraphs only, some 60 % of the sheet's
text, which flattered LaTeX's time and bytes.)

usage: latex_twin.py SUMMARY.xml LANG > twin.tex
"""
import re
import sys
import xml.etree.ElementTree as ET

BLOCKS = {"p", "item", "step"}
EXAMPLE = {"de": "Beispiel:", "it": "Esempio:"}
SPECIAL = {"\u2212": r"\textminus{}", "\u2009": r"\,", "\u202f": r"\,", "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
           "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def esc(s):
    return "".join(SPECIAL.get(c, c) for c in s)


def inline_text(el, notes=None):
    """The element's own inline text, nested blocks left out; a gap's reason
    becomes a footnote (kept as a marker until esc() has run)."""
    out = [el.text or ""]
    for c in el:
        if c.tag in BLOCKS or c.tag in ("list", "steps", "table", "callout", "example"):
            out.append(c.tail or "")
            continue
        if c.tag == "icon":
            out.append(c.tail or "")
            continue
        if c.tag == "gap" and notes is not None:
            if (c.text or "").strip() not in ("", "\u2014"):
                out.append(inline_text(c))
            notes.append(re.sub(r"\s+", " ", c.get("reason", "")).strip())
            out.append("\x00%d\x00" % (len(notes) - 1))
            out.append(c.tail or "")
            continue
        out.append(inline_text(c, notes))
        out.append(c.tail or "")
    return re.sub(r"\s+", " ", "".join(out)).strip()


def text(el):
    """inline_text, escaped, with the gaps' footnotes in place."""
    notes = []
    t = esc(inline_text(el, notes))
    return re.sub("\x00([0-9]+)\x00", lambda m: "\\footnote{%s}" % esc(notes[int(m.group(1))]), t)


def walk(el, out, lang):
    for c in el:
        if c.tag == "h":
            out.append("\\subsection*{%s}" % text(c))
        elif c.tag == "title":
            out.append("{\\LARGE\\bfseries %s\\par}" % text(c))
        elif c.tag == "subtitle":
            out.append("{\\itshape %s\\par}" % text(c))
        elif c.tag in BLOCKS or c.tag == "gap":
            t = text(c)
            if t:
                out.append(t + "\n")
            walk(c, out, lang)
        elif c.tag == "example":
            out.append("\\exbox{\\textbf{%s} %s}\n" % (EXAMPLE.get(lang[:2], "Example:"), text(c)))
        elif c.tag == "table":
            rows = [r for r in c if r.tag in ("head", "row")]
            n = max((len([x for x in r if x.tag == "cell"]) for r in rows), default=1)
            lines = []
            for r in rows:
                cells = [text(x) for x in r if x.tag == "cell"]
                if r.tag == "head":
                    cells = ["\\textbf{%s}" % x for x in cells]
                lines.append(" & ".join(cells + [""] * (n - len(cells))) + " \\\\")
            out.append("\\begin{tabularx}{\\linewidth}{@{}%s@{}}\n%s\n\\end{tabularx}\n"
                       % ("X" * n, "\n".join(lines)))
        elif c.tag in ("flowtext", "cardtext", "glossary"):
            continue
        else:
            walk(c, out, lang)


def main():
    src, lang = sys.argv[1], sys.argv[2]
    babel = {"de": "ngerman", "it": "italian"}.get(lang[:2], "english")
    root = ET.parse(src).getroot()
    body = []
    walk(root, body, lang)
    print(r"""\documentclass[a4paper,twocolumn]{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{textcomp}
\usepackage{tabularx}
\usepackage[table]{xcolor}
\usepackage[%s]{babel}
\usepackage{mathptmx}
\usepackage[protrusion=true,expansion=true]{microtype}
\usepackage[textwidth=183mm,columnsep=5mm,top=15mm,bottom=15mm]{geometry}
\setlength{\parindent}{0pt}
\setlength{\parskip}{3pt}
\pagestyle{empty}
\newcommand{\exbox}[1]{\par\noindent\colorbox{black!8}{\parbox{\dimexpr\linewidth-2\fboxsep}{#1}}\par}
\renewcommand{\normalsize}{\fontsize{9}{10.8}\selectfont}
\begin{document}
\normalsize
""" % babel)
    for b in body:
        print(b)
    print(r"\end{document}")


if __name__ == "__main__":
    main()
