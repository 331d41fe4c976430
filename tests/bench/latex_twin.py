#!/usr/bin/env python3
"""latex_twin.py — a LaTeX twin of a summary, for `make bench`: the same
words (every paragraph, list item and step of our XML, headings as
headings), 9 pt on 10.8 in two justified columns of 89 mm, set by pdfLaTeX
with microtype (protrusion and expansion) and babel's hyphenation. Output
is deterministic. Marks, icons and numbers appear as their text.

usage: latex_twin.py SUMMARY.xml LANG > twin.tex
"""
import re
import sys
import xml.etree.ElementTree as ET

BLOCKS = {"p", "item", "step"}
SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
           "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def esc(s):
    return "".join(SPECIAL.get(c, c) for c in s)


def inline_text(el):
    """The element's own inline text, nested blocks left out."""
    out = [el.text or ""]
    for c in el:
        if c.tag in BLOCKS or c.tag in ("list", "steps", "table", "callout", "example"):
            out.append(c.tail or "")
            continue
        if c.tag == "icon":
            out.append(c.tail or "")
            continue
        out.append(inline_text(c))
        out.append(c.tail or "")
    return re.sub(r"\s+", " ", "".join(out)).strip()


def walk(el, out):
    for c in el:
        if c.tag == "h":
            out.append("\\subsection*{%s}" % esc(inline_text(c)))
        elif c.tag in BLOCKS:
            t = inline_text(c)
            if t:
                out.append(esc(t) + "\n")
            walk(c, out)
        elif c.tag in ("title", "subtitle", "flowtext", "cardtext", "glossary"):
            continue
        else:
            walk(c, out)


def main():
    src, lang = sys.argv[1], sys.argv[2]
    babel = {"de": "ngerman", "it": "italian"}.get(lang[:2], "english")
    root = ET.parse(src).getroot()
    body = []
    walk(root, body)
    print(r"""\documentclass[a4paper,twocolumn]{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{textcomp}
\usepackage[%s]{babel}
\usepackage{mathptmx}
\usepackage[protrusion=true,expansion=true]{microtype}
\usepackage[textwidth=183mm,columnsep=5mm,top=15mm,bottom=15mm]{geometry}
\setlength{\parindent}{0pt}
\setlength{\parskip}{3pt}
\pagestyle{empty}
\renewcommand{\normalsize}{\fontsize{9}{10.8}\selectfont}
\begin{document}
\normalsize
""" % babel)
    for b in body:
        print(b)
    print(r"\end{document}")


if __name__ == "__main__":
    main()
