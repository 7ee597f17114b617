#!/usr/bin/env bash
# What the test suite needs from Debian besides Python packages, installed only when missing:
#   postgresql, redis-server  - the throw-away database and pub/sub servers of tests/services.py
#   chromium, chromium-driver - the browser tests of the web client
#   nginx, caddy, openssl     - the reverse proxy configurations of deploy/, run in front of a server
#                               (tests/server/test_deploy_proxies.py; neither is started as a service)
#   systemd                   - systemd-analyze, which verifies deploy/cosmotable.service (test_deploy_systemd.py)
# and, when run as root, the system user `cosmotable-test`: PostgreSQL refuses to run as root, so the
# test fixtures start it as that user.
# Called by `make test`; on a machine that has everything it prints nothing and changes nothing.
set -euo pipefail

packages=(postgresql redis-server chromium chromium-driver nginx caddy openssl systemd)
test_user=cosmotable-test

is_installed() {
    if command -v dpkg-query >/dev/null; then
        dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
    else
        # not Debian: accept the programs the tests run, wherever they came from
        case "$1" in
            postgresql) command -v initdb >/dev/null || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null ;;
            chromium-driver) command -v chromedriver >/dev/null ;;
            *) command -v "$1" >/dev/null ;;
        esac
    fi
}

missing=()
for package in "${packages[@]}"; do
    is_installed "$package" || missing+=("$package")
done

if ((${#missing[@]})); then
    if ! command -v apt-get >/dev/null; then
        echo "make test: missing ${missing[*]}; install them with your system's package manager." >&2
        exit 1
    fi
    as_root=()
    if [[ $(id -u) -ne 0 ]]; then
        if ! command -v sudo >/dev/null; then
            echo "make test: missing Debian packages ${missing[*]}; install them as root:" >&2
            echo "    apt-get install ${missing[*]}" >&2
            exit 1
        fi
        as_root=(sudo)
    fi
    echo "make test: installing ${missing[*]} (apt-get, once)"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    # Debian starts nginx and caddy as services on port 80 when installed under systemd: the tests
    # run their own instances, so the services just installed are stopped and left disabled
    if [[ -d /run/systemd/system ]]; then
        for service in nginx caddy; do
            if [[ " ${missing[*]} " == *" $service "* ]]; then
                "${as_root[@]}" systemctl disable --now "$service" >/dev/null 2>&1 || true
            fi
        done
    fi
fi

if [[ $(id -u) -eq 0 ]] && ! id -u "$test_user" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$test_user"
fi
