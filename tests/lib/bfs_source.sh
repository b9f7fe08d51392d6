# bfs_source.sh - sources worth searching from, for the GPU tests, and
# the levels searches take; source it after tap.sh.

# reached DEPTHS: vertices a depth file reaches (unreached hold 0xffffffff).
reached() { od -An -tu4 -v "$1" | tr -s ' ' '\n' | grep -c -v -e '^$' -e '^4294967295$'; }

# pick_source GRAPH: the first of 0..19 that reaches more than a few
# vertices (Kronecker graphs leave many isolated), found on the CPU; 0 when
# none does.
pick_source() {
    for s in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
        emogi-bfs "$1" -s "$s" --device cpu -o "$T/pick.bin" 2>/dev/null || continue
        [ "$(reached "$T/pick.bin")" -gt 10 ] && { echo "$s"; return; }
    done
    echo 0
}

# levels_of FILE: the searches' "source=S push_levels=P pull_levels=Q"
# from emogi-bfs --stats output FILE, on one line: which way the
# direction rule (emogi_bfs_stay_pull) took their levels, to compare
# backends and ranks.
levels_of() {
    grep '^emogi-bfs: source=[0-9]* .*push_levels=' "$1" |
        sed 's/^emogi-bfs: \(source=[0-9]*\) .*\(push_levels=[0-9]* pull_levels=[0-9]*\).*/\1 \2/' |
        paste -sd' ' -
}

# gpu_levels NAME CPU-GRAPH GPU-GRAPH: four tests, that the GPU's 8
# searches of GPU-GRAPH (zero-copy and device placement; --direction auto
# and gap) take every level the way the CPU's of CPU-GRAPH do (the same
# graph, perhaps stored otherwise): the rule's counts come from the GPU's
# kernels.  Leaves the CPU's --stats output in cpu.auto and cpu.gap.
gpu_levels() {
    name=$1 cg=$2 gg=$3
    for d in auto gap; do
        emogi-bfs "$cg" -n 8 --seed 3 --device cpu --direction $d --stats -o "$T/l.bin" \
            2>"cpu.$d"
        want=$(levels_of "cpu.$d")
        for m in zerocopy device; do
            emogi-bfs "$gg" -n 8 --seed 3 --device gpu --mem $m --direction $d --stats \
                -o "$T/l.bin" 2>"gpu.$d.$m"
            is "$(levels_of "gpu.$d.$m")" "${want:-no CPU levels}" \
                "$name, $m, --direction $d: every search's levels go the CPU's ways"
        done
    done
}
