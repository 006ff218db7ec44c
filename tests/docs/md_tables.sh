#!/usr/bin/env bash
# Usage: tests/docs/md_tables.sh FILE.md...
# Every table in the project's Markdown renders as one table: a run of lines
# starting with `|` follows a blank line (or a heading), its second line is
# the header separator (|---|---|), and every row has as many cells as the
# header. A row left after a paragraph or cut off by one is reported with its
# file and line. Lines inside ``` fences are not looked at.
set -euo pipefail
if [ $# -eq 0 ]; then
    echo "usage: md_tables.sh FILE.md..." >&2
    exit 2
fi
status=0
for file in "$@"; do
    if [ ! -r "$file" ]; then
        echo "$file: cannot be read" >&2
        status=1
        continue
    fi
    awk -v file="$file" '
    # cells(line): the number of cells, counting the pipes that are not
    # escaped (\|). As on GitHub, a pipe inside `code` still splits a cell.
    function cells(line,    i, c, n, prev) {
        n = 0; prev = ""
        for (i = 1; i <= length(line); i++) {
            c = substr(line, i, 1)
            if (c == "|" && prev != "\\") n++
            prev = c
        }
        return n - 1
    }
    function fail(at, msg) { printf "%s:%d: %s\n", file, at, msg; bad = 1 }
    BEGIN { fence = 0; run = 0; prev_blank = 1; bad = 0 }
    /^```/ { fence = !fence; run = 0; prev_blank = 0; next }
    fence { next }
    /^\|/ {
        run++
        if (run == 1) {
            if (!prev_blank) fail(NR, "a table row straight after a paragraph: it is not part of any table")
            width = cells($0)
        } else if (run == 2) {
            if ($0 !~ /^\|( *:?-+:? *\|)+ *$/) fail(NR, "the second line of a table is not its header separator (|---|---|)")
            else if (cells($0) != width) fail(NR, "the separator has " cells($0) " cells, the header " width)
        } else if (cells($0) != width) {
            fail(NR, "a row of " cells($0) " cells in a table of " width)
        }
        prev_blank = 0
        next
    }
    {
        if (run == 1) fail(NR - 1, "a table of one line: it renders as text")
        run = 0
        prev_blank = ($0 ~ /^[ \t]*$/ || $0 ~ /^#/)
    }
    END {
        if (run == 1) fail(NR, "a table of one line at the end of the file")
        exit bad
    }' "$file" || status=1
done
exit $status
