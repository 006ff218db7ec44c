#!/usr/bin/env bash
# The simulated matches are `ceki-cli match`'s: for seeds 1..N
# (CEKI_SIM_MATCH_SEEDS, default 40), every match of the world that was its
# seats' own choices at its game's default length (ceki-sim --matches) is
# played again by the real `ceki-cli match` with the same seed and players,
# and its transcript must be the record's, line for line. Every seed's world
# must be ok too, and at least one match must have been compared.
# Usage: cli_match.sh path/to/ceki-sim path/to/ceki-cli
set -u
sim=$1
cli=$2
seeds=${CEKI_SIM_MATCH_SEEDS:-40}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ceki-sim-match.$$.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
compared=0
failures=0
for seed in $(seq 1 "$seeds"); do
    if ! "$sim" --seed "$seed" --matches >"$tmp/out"; then
        echo "FAIL: seed $seed: $(tail -1 "$tmp/out")"
        failures=$((failures + 1))
        continue
    fi
    n=0
    # Each block: "ceki-cli match ARGS", the transcript, "end".
    while IFS= read -r line; do
        case $line in
        "ceki-cli match "*)
            n=$((n + 1))
            read -r -a args <<<"${line#ceki-cli match }"
            : >"$tmp/want.$n"
            ;;
        end) ;;
        *) printf '%s\n' "$line" >>"$tmp/want.$n" ;;
        esac
        if [ "$line" = end ]; then
            if "$cli" match "${args[@]}" >"$tmp/got.$n" && cmp -s "$tmp/want.$n" "$tmp/got.$n"; then
                compared=$((compared + 1))
            else
                echo "FAIL: seed $seed: ceki-cli match ${args[*]} differs from the simulated record"
                diff "$tmp/want.$n" "$tmp/got.$n" | head -5
                failures=$((failures + 1))
            fi
        fi
    done < <(sed '$d' "$tmp/out")
done
echo "$compared matches of $seeds worlds played as ceki-cli match plays them"
[ "$compared" -gt 0 ] || { echo "FAIL: no match was compared"; failures=$((failures + 1)); }
[ "$failures" -eq 0 ]
