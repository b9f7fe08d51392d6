#!/bin/sh
# configure_arch.sh - which CUDA architectures configure builds.
# nvcc compiles every kernel once per architecture, so the default is the
# GPUs nvidia-smi reports, else one; "all" and a list are taken as given.
# A stand-in toolkit (an nvcc and a libcudart.so that are never run) and a
# stand-in nvidia-smi make each case without a GPU or the real toolkit.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$top_srcdir/configure" ] || skip_all "no configure script in $top_srcdir"
plan 6

# configure refuses to build beside a source tree configured in place,
# so it runs from a copy of what it reads
mkdir -p cuda/bin cuda/lib64 smi none src/formats
cp "$top_srcdir/configure" "$top_srcdir/Makefile.in" "$top_srcdir/emogi.pc.in" src/ &&
    cp -R "$top_srcdir/build-aux" src/ && cp "$top_srcdir/formats/emogi_csr.h" src/formats/ &&
    rm -f src/build-aux/config.h src/build-aux/stamp-h1
printf '#!/bin/sh\nexit 0\n' >cuda/bin/nvcc
chmod +x cuda/bin/nvcc
: >cuda/lib64/libcudart.so
# two GPUs of one kind and one of another, as nvidia-smi prints them
printf '#!/bin/sh\nprintf " 9.0\\n8.0\\n9.0\\n"\n' >smi/nvidia-smi
chmod +x smi/nvidia-smi
printf '#!/bin/sh\necho "NVIDIA-SMI has failed" >&2\nexit 9\n' >none/nvidia-smi
chmod +x none/nvidia-smi

# archs DIR_FIRST_ON_PATH [CONFIGURE ARGS]: the -gencode targets configure chose
archs() {
    first=$1
    shift
    rm -rf b && mkdir b && (cd b && PATH="$T/$first:$PATH" "$T/src/configure" -q \
        --with-cuda="$T/cuda" --without-mpi --disable-openmp "$@" >../log 2>&1) || {
        diag "$(tail -5 log)"
        echo "configure failed"
        return
    }
    sed -n 's/^NVCC_ARCHFLAGS = //p' b/Makefile | tr ' ' '\n' | sed -n 's/^arch=compute_[0-9a-z]*,code=//p' |
        tr '\n' ' ' | sed 's/ $//'
}

is "$(archs none)" "sm_90 compute_90" "no GPU found: one architecture and its PTX"
grep -q 'no GPU found' b/config.log 2>/dev/null || grep -q 'no GPU found' log
ok $? "... and configure says so"
is "$(archs smi)" "sm_80 sm_90 compute_90" "the GPUs nvidia-smi reports, each once"
is "$(archs none --with-cuda-arch=all)" "sm_75 sm_80 sm_86 sm_89 sm_90 compute_90" \
    "--with-cuda-arch=all: the distribution list"
is "$(archs smi --with-cuda-arch=sm_86)" "sm_86 compute_86" "a list given wins over the GPUs found"
archs none --with-cuda-arch=bogus >/dev/null
grep -q "'bogus' is not sm_NN" log
ok $? "a bad architecture is refused by name"
exit $_failed
