# Shared helpers for the project's scripts. Source it; do not run it.

# Installs Debian packages that are missing: with apt-get when running as root,
# otherwise stops with a message naming them.
ensure_packages() {
    local missing=()
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "Installing: ${missing[*]}" >&2
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "Missing Debian packages: ${missing[*]}" >&2
        echo "Install them with: sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
}

# Stops with a clear message when the Swift toolchain is not on PATH.
ensure_swift() {
    if ! command -v swift >/dev/null; then
        echo "The Swift toolchain (6.0 or later) is not on PATH: install it from swift.org and retry." >&2
        exit 1
    fi
}

# The project's root, whatever the current directory.
project_root() {
    cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd
}

# The library's version, RXMODAL_VERSION_STRING of Include/rxmodal.h: "0.1.0".
header_version() {
    sed -n 's/^#define RXMODAL_VERSION_STRING "\(.*\)"$/\1/p' "$1/Include/rxmodal.h"
}
