#!/usr/bin/env bash
# The ceki-cli contract for Pèi stakes, Pèi scoring and Kowah's checki.
# Usage: pei_kowah.sh path/to/ceki-cli
source "$(dirname "$0")/lib.bash"

# ---- stakes: the whole output of the seed's jung example ----
check "stakes rampung jung" "P1 354 ngete
P2 322 tengah
P3 275 kete
P3 pays P1 1 (te-lumrah)
P2 pays P1 2 (belahan)
P3 pays P1 2 (belahan)
P2 pays P1 4 (jung)
P3 pays P1 8 (jung)
P3 pays P2 5 (jung)
deals next: P3
net: 17,-1,-16" "$("$cli" stakes --scheme rampung --jung --scores 354,322,275)"

# The order of the scores is kept in the net line.
check "stakes jung order" "net: -16,17,-1" "$("$cli" stakes --scheme rampung --jung --scores 275,354,322 | tail -1)"
check "stakes jung payments" "P1 pays P2 8 (jung)
P1 pays P3 5 (jung)
P3 pays P2 4 (jung)" "$("$cli" stakes --scheme rampung --jung --scores 275,354,322 | grep jung | sort)"

check "stakes none" "P1 354 ngete
P2 322 tengah
P3 275 kete
deals next: P3
net: 0,0,0" "$("$cli" stakes --scheme none --scores 354,322,275)"

check "stakes wudon" "P1 300 ngete
P2 200 tengah
P3 100 kete
P1 pays pot 2 (ante)
P2 pays pot 2 (ante)
P3 pays pot 2 (ante)
pot pays P1 4 (wudon-first)
pot pays P2 2 (wudon-second)
deals next: P3
net: 2,0,-2" "$("$cli" stakes --scheme wudon --scores 300,200,100)"
check "stakes wudon 350" "net: -2,4,-2" "$("$cli" stakes --scheme wudon --scores 100,350,200 | tail -1)"
check "stakes wudon tie" "net: 1,1,-2" "$("$cli" stakes --scheme wudon --scores 300,300,100 | tail -1)"

check "stakes rampung te mati" "net: 2,0,-2" "$("$cli" stakes --scheme rampung --scores 300,250,199 | tail -1)"
check "stakes rampung te lumrah" "net: 1,0,-1" "$("$cli" stakes --scheme rampung --scores 300,250,200 | tail -1)"
check "stakes rampung 400" "P2 pays P1 1 (te-lumrah)
P2 pays P1 2 (belahan)
P3 pays P1 2 (belahan)
P2 pays P1 2 (patang-atusan)
P3 pays P1 2 (patang-atusan)
net: 9,-5,-4" "$("$cli" stakes --scheme rampung --scores 400,205,210 | grep -v -e ' \(ngete\|tengah\|kete\)$' -e '^deals')"

check "stakes parewanan" "net: 9,-4,-5" "$("$cli" stakes --scheme parewanan --scores 354,322,275 | tail -1)"
check "stakes parewanan jung" "net: 21,-3,-18" "$("$cli" stakes --scheme parewanan --jung --scores 354,322,275 | tail -1)"

check "stakes nir" "pot: 6
deals next: P3
net: -2,-2,-2" "$("$cli" stakes --scheme nir --scores 354,322,275 | tail -3)"
check "stakes nir 400" "pot pays P1 18 (nir)
pot: 0
deals next: P2
net: 16,-2,-2" "$("$cli" stakes --scheme nir --scores 410,100,200 --pot 12 | tail -4)"

check "stakes jedhil first round" "P1 pays pot 2 (ante)
P2 pays pot 2 (ante)
P3 pays pot 2 (ante)
pot pays P1 2 (jedhil-first)
pot pays P2 1 (jedhil-second)
pot: 3
deals next: P3
net: 0,-1,-2" "$("$cli" stakes --scheme jedhil --scores 300,200,100 | tail -8)"
check "stakes jedhil no antes" "net: 2,1,0" "$("$cli" stakes --scheme jedhil --scores 300,200,100 --pot 3 | tail -1)"
check "stakes jedhil 400" "net: 9,-2,-2" "$("$cli" stakes --scheme jedhil --scores 400,200,100 --pot 5 | tail -1)"

fails "stakes unknown scheme" "$cli" stakes --scheme tombola --scores 1,2,3
fails "stakes two scores" "$cli" stakes --scheme none --scores 1,2
fails "stakes four scores" "$cli" stakes --scheme none --scores 1,2,3,4
fails "stakes negative" "$cli" stakes --scheme none --scores 1,-2,3
fails "stakes junk" "$cli" stakes --scheme none --scores 1,2x,3
fails "stakes no scheme" "$cli" stakes --scores 1,2,3
fails "stakes no scores" "$cli" stakes --scheme wudon
fails "stakes jung with wudon" "$cli" stakes --scheme wudon --jung --scores 1,2,3
fails "stakes pot with rampung" "$cli" stakes --scheme rampung --pot 4 --scores 1,2,3
fails "stakes unknown flag" "$cli" stakes --scheme none --scores 1,2,3 --loud

# ---- score pei ----
check "score pei all five" "score: 229" "$("$cli" score pei C1 C2 C3 C4 C5 C6 C7 C8 C9 OT RF S9 WF S8 M9 S2 M2 S1 M1 | tail -1)"
check "score pei overlap" "score: 134" "$("$cli" score pei C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1 | tail -1)"
check "score pei-magelang overlap" "score: 272" "$("$cli" score pei-magelang C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1 | tail -1)"
check "score pei extra copies" "score: 52" "$("$cli" score pei OT OT RF S9 | tail -1)"
check "score pei-chinese one copy" "score: 40" "$("$cli" score pei-chinese OT OT RF S9 | tail -1)"
check "score pei names" "bunci ireng (black thirteen)
face value" "$("$cli" score pei C1 C2 C3 S5 | head -2 | sed 's/  .*//')"

# ---- checki ----
check "checki A" "checki: yes
waits: C1" "$("$cli" checki M5 S5 C5 S7 M7 C7 C1 C1)"
check "checki B" "checki: yes
waits: C7 M7" "$("$cli" checki M5 S5 C5 M7 M7 C7 C7 S7)"
check "checki B one argument" "checki: yes
waits: C7 M7" "$("$cli" checki "M5 S5 C5 M7 M7 C7 C7 S7")"
check "checki honours" "checki: yes
waits: C3" "$("$cli" checki OT WF RF C2 S2 M2 C3 C3)"
check "checki two pairs possible" "checki: yes
waits: C2 S2" "$("$cli" checki C2 C2 C2 S2 S2 M3 M3 M3)"
check "checki order" "checki: yes
waits: S1 RF" "$("$cli" checki RF RF S1 S1 WF C9 S9 M9)"
check "checki no" "checki: no" "$("$cli" checki C5 S5 M5 C7 S7 M7 C1 S1)"
check "checki near B" "checki: no" "$("$cli" checki C5 S5 M5 C7 C7 S7 M7 M6)"
fails "checki seven cards" "$cli" checki C1 C1 C2 C2 C2 C3 C3
fails "checki nine cards" "$cli" checki C1 C1 C2 C2 C2 C3 C3 C3 C4
fails "checki five copies" "$cli" checki C1 C1 C1 C1 C1 S2 S2 S2
fails "checki bad card" "$cli" checki C1 C1 C2 C2 C2 C3 C3 X3
fails "checki french" "$cli" checki AS AS 2S 2S 2H 3S 3S 3H

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
