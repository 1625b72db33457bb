# Installation steps shared by scripts/bench-anchors.sh and scripts/bench-formats.sh.
# Sourced, not run. The caller sets REPO, BENCH (scripts/bench), LOGS (a folder for logs), PYTHON
# (makes the venvs) and UNAVAILABLE (empty); `unavailable TOOL REASON` adds a line to UNAVAILABLE, which the caller
# hands to its driver so the tool shows as failed instead of stopping the run.

# Pinned so that reruns compare like with like; override to try newer ones.
PILLOW_SPEC=${PILLOW_SPEC:-pillow==13.0.0}
PYVIPS_SPEC=${PYVIPS_SPEC:-pyvips==3.2.0}

say() { echo "bench: $*" >&2; }
unavailable() { UNAVAILABLE="$UNAVAILABLE
$1=$2"; say "$1 unavailable: $2"; }

# apt_install PACKAGE...: the Debian packages not yet installed (root, or sudo -n).
apt_install() {
  missing=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo -n"; else
    say "missing Debian packages:$missing (not root, no sudo)"; return 1
  fi
  say "installing Debian packages:$missing"
  $SUDO apt-get update >"$LOGS/apt.log" 2>&1 &&
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends $missing \
      >>"$LOGS/apt.log" 2>&1 || { say "apt-get failed, see $LOGS/apt.log"; return 1; }
}

# install_pillow_pyvips VENV [SPEC...]: Pillow and pyvips (and any further pip SPECs) in VENV,
# created with $PYTHON if missing; marks pillow and pyvips unavailable when they do not import.
install_pillow_pyvips() {
  venv=$1; shift
  if [ ! -x "$venv/bin/python" ]; then
    "$PYTHON" -m venv "$venv" || { say "cannot create venv $venv"; }
  fi
  "$venv/bin/pip" install -q --disable-pip-version-check "$PILLOW_SPEC" "$PYVIPS_SPEC" "$@" \
      >"$LOGS/pip-anchors.log" 2>&1 || say "pip install of $PILLOW_SPEC $PYVIPS_SPEC $* failed, see $LOGS/pip-anchors.log"
  check_pillow_pyvips "$venv"
}

# check_pillow_pyvips VENV: only say what is missing (for --no-install).
check_pillow_pyvips() {
  "$1/bin/python" -c 'import PIL' 2>/dev/null || unavailable pillow "$PILLOW_SPEC not installed in $1 ($LOGS/pip-anchors.log)"
  "$1/bin/python" -c 'import pyvips; pyvips.Image.black(1, 1)' >"$LOGS/pyvips-check.log" 2>&1 ||
    unavailable pyvips "pyvips cannot load libvips: $(tail -n 1 "$LOGS/pyvips-check.log")"
}

# ensure_corpus DIR REBUILD(0/1) INSTALL(0/1): the benchmark corpus, built by
# make_corpus.sh when DIR is missing or REBUILD is 1; exits when that fails.
ensure_corpus() {
  if [ "$2" = 1 ] || [ ! -d "$1" ]; then
    say "building the corpus in $1 (log $LOGS/corpus.log)"
    skip=0; [ "$3" = 0 ] && skip=1
    SKIP_INSTALL=$skip sh "$BENCH/make_corpus.sh" "$1" >"$LOGS/corpus.log" 2>&1 ||
      { say "corpus build failed, see $LOGS/corpus.log"; exit 1; }
  fi
  say "corpus: $1 ($(ls "$1" | wc -l) files)"
}

# gpuglitch's release binary into GG: $GPUGLITCH when set, else `swift build -c release` in
# $REPO (log $LOGS/swift-build.log). Returns 1, GG empty, when the build fails.
build_gpuglitch() {
  GG=${GPUGLITCH:-}
  [ -n "$GG" ] && return 0
  say "building gpuglitch: swift build -c release --product gpuglitch (log $LOGS/swift-build.log)"
  (cd "$REPO" && swift build -c release --product gpuglitch) >"$LOGS/swift-build.log" 2>&1 || return 1
  GG="$(cd "$REPO" && swift build -c release --show-bin-path)/gpuglitch"
}

# The first error of the failed build, for one line of output.
swift_build_error() { grep -m1 'error:' "$LOGS/swift-build.log" || echo "see $LOGS/swift-build.log"; }
