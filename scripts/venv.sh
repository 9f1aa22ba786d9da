# Sourced by scripts/run and scripts/test: `venv_ready SPEC STAMP` makes .venv with a Python
# 3.11 or newer (python3, or the newest python3.X on the PATH) and installs the project
# there (`pip install -e SPEC`), again whenever pyproject.toml changes (STAMP remembers it).

venv_ready() {
    local spec=$1 stamp=.venv/$2 python="" candidate
    export PIP_DISABLE_PIP_VERSION_CHECK=1
    if [[ ! -x .venv/bin/python ]]; then
        for candidate in python3 python3.14 python3.13 python3.12 python3.11; do
            if command -v "$candidate" >/dev/null &&
                "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
                python=$candidate
                break
            fi
        done
        if [[ -z $python ]]; then
            echo "$0: needs Python 3.11 or newer; python3 is $(python3 --version 2>&1 || echo missing)." >&2
            return 1
        fi
        echo "Creating virtualenv in .venv ($($python --version)) ..."
        if ! "$python" -m venv .venv; then
            rm -rf .venv
            echo "$0: '$python -m venv' failed; on Debian or Ubuntu its venv module is a package of its own: sudo apt-get install python3-venv" >&2
            return 1
        fi
    fi
    local want
    want="$(.venv/bin/python -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')"
    if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
        echo "Installing the project ($spec) into .venv ..."
        .venv/bin/python -m pip install -q -e "$spec"
        echo "$want" > "$stamp"
    fi
}
