#!/bin/sh
# justify.sh BIN — `make bench`: word spaces of the source-language A4 sheets,
# measured from the PDFs (spaces.py), beside a LaTeX twin of each (the same
# words, pdfLaTeX + microtype) when pdflatex is installed. Figures only.
bin=${1:-out/bin/regelwerk}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
here=$(dirname "$0")
for gl in nanolith:de nemesis:it noxius:de; do
    g=${gl%%:*}; l=${gl##*:}
    "$bin" build "$g" --lang "$l" --only sheet --paper a4 -o "$tmp" >/dev/null 2>&1 || { echo "$g-$l: build failed"; continue; }
    printf 'regelwerk %s-%s: ' "$g" "$l"
    python3 "$here/spaces.py" "$tmp/$g/$g-$l-a4.pdf" | sed 's/^[^:]*: //'
    if command -v pdflatex >/dev/null 2>&1; then
        python3 "$here/latex_twin.py" "content/$g/$l.xml" "$l" > "$tmp/$g-$l.tex" &&
            (cd "$tmp" && pdflatex -interaction=batchmode "$g-$l.tex" >/dev/null 2>&1)
        printf 'LaTeX     %s-%s: ' "$g" "$l"
        if [ -f "$tmp/$g-$l.pdf" ]; then python3 "$here/spaces.py" "$tmp/$g-$l.pdf" | sed 's/^[^:]*: //'; else echo "pdflatex failed"; fi
    fi
done
command -v pdflatex >/dev/null 2>&1 || echo "LaTeX peer: pdflatex not installed, skipped"
