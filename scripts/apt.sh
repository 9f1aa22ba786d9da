# Sourced by scripts/install-postgres and scripts/install-chromium: `apt_install WHAT PACKAGE...`
# installs Debian's (or Ubuntu's) packages with apt-get, as root or through `sudo -n`, and
# says in one line why it cannot when there is no apt-get, or no root and no sudo.

apt_install() {
    local what=$1
    shift
    if ! command -v apt-get >/dev/null; then
        echo "$0: no apt-get on this machine: install $what with its own packages." >&2
        return 1
    fi
    local as_root=()
    if [[ $(id -u) -ne 0 ]]; then
        if ! command -v sudo >/dev/null; then
            echo "$0: installing $what with apt-get needs root, and there is no sudo: run it as root." >&2
            return 1
        fi
        as_root=(sudo -n)
    fi
    echo "Installing $what with apt-get ..."
    export DEBIAN_FRONTEND=noninteractive
    "${as_root[@]}" apt-get update -q >/dev/null
    "${as_root[@]}" apt-get install -y -q --no-install-recommends "$@" >/dev/null
}
