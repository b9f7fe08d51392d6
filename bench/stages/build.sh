# bench/stages/build.sh - sourced by bench/run-gpu.sh: unpack the release
# tarball carried in .devcarry/ (the tree there may have no configure),
# check that it is the tree's, and build it with CUDA, with MPI and NCCL
# where mpicc is found.  Every call does this before its stages.
#
# knob      default                      meaning
# ARCH      sm_90                        --with-cuda-arch of the build (run-gpu.sh)
# JOBS      16                           make -j of the build (run-gpu.sh)
# WORK      /tmp/emogi-run               the build, the graphs and the logs (run-gpu.sh)
# REUSE     (off)                        1: keep the last call's build and graphs when the
#                                        tarball is the same one (a later call, same machine)
# STALE_OK  (off)                        1: build a tarball whose files differ from the tree's
# NCCL_DIR  the Python CUDA stack's      where nccl.h and the library are; the build uses
#           nvidia/nccl                  NCCL when include/nccl.h is there

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

build() {
    # REUSE=1: a later call on the same warm machine keeps the last call's
    # build and generated graphs (kron 27 takes a minute to make) when the
    # release tarball is the same one
    tarball=$(ls "$root"/.devcarry/emogi-*.tar.gz 2>/dev/null | tail -n 1)
    if [ "${REUSE:-}" = 1 ] && [ -n "$tarball" ] && [ -x "$work/build/emogi-bfs" ] &&
        cmp -s "$tarball" "$work/release.tar.gz"; then
        reuse=1
    else
        reuse=
        rm -rf "$work" && mkdir -p "$work/build" || die "cannot create $work"
        [ -n "$tarball" ] && cp "$tarball" "$work/release.tar.gz"
    fi
    if [ -n "$tarball" ]; then
        if [ -z "$reuse" ]; then
            say "unpacking $(basename "$tarball")"
            tar -xzf "$tarball" -C "$work" || die "$tarball: cannot unpack"
        fi
        src=$(ls -d "$work"/emogi-*/ | head -n 1)
        src=${src%/}
        # a tarball made before the tree's last change builds and measures
        # other code than the tree's: three calls once did
        # (bench/journal/2026-11-28-the-component-edges-counted-on-the-gpus.md).
        # Every file in both must be the same; STALE_OK=1 builds it anyway.
        stale=$(cd "$src" && find . -type f | while IFS= read -r f; do
            [ -f "$root/$f" ] && ! cmp -s "$f" "$root/$f" && echo "${f#./}"
        done | head -n 3 | tr '\n' ' ')
        [ -z "$stale" ] || [ "${STALE_OK:-}" = 1 ] ||
            die "$(basename "$tarball") is not the tree's: ${stale}differ (make dist again, or STALE_OK=1)"
    elif [ -x "$root/configure" ]; then
        src=$root
    else
        die "no .devcarry/emogi-*.tar.gz and no configure in $root (run 'make dist' first)"
    fi
    [ -x "$src/configure" ] || die "$src: no configure script"

    nvidia-smi --query-gpu=name,memory.total,memory.used,driver_version --format=csv,noheader 2>&1 |
        sed 's/^/GPU: /'
    nvcc --version 2>/dev/null | tail -n 1

    cd "$work/build" || die "no build folder"
    extra=
    if command -v mpicc >/dev/null 2>&1; then
        mpirun --version 2>&1 | head -n 1
        NCCL_DIR=${NCCL_DIR:-$(python3 -c 'import nvidia.nccl as n; print(list(n.__path__)[0])' 2>/dev/null)}
        if [ -n "$NCCL_DIR" ] && [ -e "$NCCL_DIR/include/nccl.h" ]; then
            extra="--with-nccl=$NCCL_DIR"
            echo "NCCL: $NCCL_DIR"
        fi
    fi
    export NCCL_NVLS_ENABLE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    if [ -n "$reuse" ]; then
        say "reusing the last call's build in $work"
    else
        say "configure --with-cuda-arch=$ARCH $extra"
        # shellcheck disable=SC2086
        "$src/configure" -q --with-cuda-arch="$ARCH" $extra >configure.log 2>&1 ||
            { tail -n 30 configure.log; die "configure failed"; }
        say "make -j$JOBS"
        make -j"$JOBS" >make.log 2>&1 || { grep -E 'error|Error' make.log | head -n 30; die "build failed"; }
        grep -E 'warning' make.log | head -n 20
    fi
}
