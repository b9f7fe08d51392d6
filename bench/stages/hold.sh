# bench/stages/hold.sh - sourced by bench/run-gpu.sh: while the check,
# gputests and mpi stages' tests start and end hundreds of short CUDA
# processes, bench/gpu_hold.cu keeps a context on every GPU, so that the
# driver stays initialised between them.  It starts only where the compute
# mode lets processes share the GPUs, and is stopped before the benchmarks,
# which run as a user's tools would.  A CUDA process's start is timed
# (tests/lib/gpu_probe, three times) without and with it.
#
# knob      default   meaning
# GPU_HOLD  1         0: no holder

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

# A CUDA process's start: tests/lib/gpu_probe three times, seconds each.
probe_times() {
    for i in 1 2 3; do
        a=$(date +%s.%N) && tests/lib/gpu_probe >/dev/null 2>&1
        awk -v a="$a" -v b="$(date +%s.%N)" 'BEGIN { printf " %.2f", b - a }'
    done
}

hold_start() {
    hold=
    if { has check || has gputests || has mpi; } && [ "${GPU_HOLD:-1}" = 1 ] && [ -x tests/lib/gpu_probe ] &&
        command -v nvidia-smi >/dev/null &&
        ! nvidia-smi --query-gpu=compute_mode --format=csv,noheader | grep -qv Default &&
        nvcc -O2 -arch="$ARCH" -o "$work/gpu_hold" "$src/bench/gpu_hold.cu" 2>/dev/null; then
        echo "a CUDA process's start, in seconds:$(probe_times)"
        "$work/gpu_hold" >"$work/gpu_hold.out" 2>&1 &
        hold=$!
        for i in 1 2 3 4 5 6 7 8 9 10; do
            grep -q held "$work/gpu_hold.out" && break
            sleep 1
        done
        if grep -q held "$work/gpu_hold.out"; then
            echo "with bench/gpu_hold.cu holding the GPUs:$(probe_times)"
        else
            echo "bench/gpu_hold.cu: $(cat "$work/gpu_hold.out")"
            kill "$hold" 2>/dev/null
            hold=
        fi
    fi
}

# the benchmarks run as a user's tools would, without the holder
hold_stop() {
    [ -n "$hold" ] && kill "$hold" 2>/dev/null
}
