# free_port: prints a UDP port nobody listens on, below the system's
# ephemeral ports (32768 on), so a program started again finds its port
# free; ss (iproute2) only helps: without it any port in range is taken as
# free. Sourced by the network window tests; defines nothing else.
free_port() {
    local p i
    for ((i = 0; i < 200; i++)); do
        p=$((20000 + RANDOM % 12000))
        ss -Hlun "sport = :$p" 2>/dev/null | grep -q . || {
            echo "$p"
            return 0
        }
    done
    return 1
}
