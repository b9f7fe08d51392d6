# tap.sh - TAP helpers for shell tests; source it, then call plan.
# Each test runs in its own temporary folder, removed on exit.
set -u
: "${EMOGI_BIN:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
DATA="$top_srcdir/tests/data"
PATH="$EMOGI_BIN:$PATH"
export PATH
T=$(mktemp -d "${TMPDIR:-/tmp}/emogi-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T"
_n=0
_failed=0

plan() { echo "1..$1"; }
diag() { printf '%s\n' "$*" | sed 's/^/# /'; } # every line: a got of several may hold "ok"
skip_all() { echo "1..0 # SKIP $*"; exit 0; }

ok() { # ok STATUS DESCRIPTION
    _n=$((_n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $_n - $2"; else echo "not ok $_n - $2"; _failed=1; fi
}
skip() { _n=$((_n + 1)); echo "ok $_n # SKIP $*"; }

# is GOT EXPECTED DESCRIPTION
is() {
    if [ "$1" = "$2" ]; then ok 0 "$3"; else ok 1 "$3"; diag "got:      '$1'"; diag "expected: '$2'"; fi
}

# same_file A B DESCRIPTION
same_file() {
    if cmp -s "$1" "$2"; then ok 0 "$3"; else ok 1 "$3"; diff "$1" "$2" | head -20 | sed 's/^/# /'; fi
}

# runs DESCRIPTION CMD... : the command must succeed
runs() {
    d=$1; shift
    if "$@" >"$T/.out" 2>"$T/.err"; then ok 0 "$d"; else ok 1 "$d"; sed 's/^/# /' "$T/.err" | head -20; fi
}

# fails DESCRIPTION STATUS MESSAGE-REGEX CMD... : must exit STATUS and say MESSAGE on stderr
fails() {
    d=$1; want=$2; re=$3; shift 3
    "$@" >"$T/.out" 2>"$T/.err"; st=$?
    if [ "$st" -eq "$want" ] && grep -Eq -- "$re" "$T/.err"; then ok 0 "$d"; else
        ok 1 "$d"; diag "status $st (want $want); stderr:"; sed 's/^/# /' "$T/.err" | head -10; diag "wanted /$re/"
    fi
}

# no_files_like GLOB DESCRIPTION : nothing matching the glob remains
no_files_like() {
    set -- $1 "$2"
    if [ -e "$1" ]; then ok 1 "$2"; diag "left behind: $1"; else ok 0 "$2"; fi
}

# after_kill FILE DESCRIPTION : a killed writer left neither FILE nor a
# temporary, or, when the kill landed after the rename (during the
# folder's fsync or a slow exit on a loaded machine), a whole FILE
# (emogi-info --verify) and no temporary
after_kill() {
    if [ -e "$1" ]; then
        emogi-info --verify "$1" >/dev/null 2>&1 && [ -z "$(ls -d "$1"?* 2>/dev/null)" ]
        ok $? "$2 (killed after the commit: the output is whole)"
    else
        no_files_like "$1*" "$2"
    fi
}

finish() { exit $_failed; }
