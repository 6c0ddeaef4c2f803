# Debian 13 roots for building and testing in, shared by scripts/trixie-build, scripts/package --arch
# and scripts/test --arch (sourced; needs root). Roots are made once and kept outside the clone, in
# $ALARMPLAY_CACHE (default /var/cache/alarmplay), each named after a hash of what made it (the
# recipe below, scripts/setup), so a fresh clone finds them and a changed recipe makes a new one.
# Every use works in a throw-away overlay of a root, so a root is never changed after it is made
# and several runs share it. A root unused for a week is removed when another is made.
#
# The caller sets `work` (a fresh temporary folder) and traps EXIT with `roots_cleanup`.

cache=${ALARMPLAY_CACHE:-/var/cache/alarmplay}
mounted=""

# The machine's Debian mirror with the trixie suites (the security suite is not always served).
roots_sources() {
    uris=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
    printf 'Types: deb\nURIs: %s\nSuites: trixie trixie-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "${uris:-http://deb.debian.org/debian}"
}

roots_cleanup() {
    # Unmount before removing: removing a root with /dev bound in it would empty the machine's /dev.
    for mount in $mounted; do
        mountpoint -q "$mount" && umount -R "$mount"
    done
    grep -q " $work/" /proc/mounts || rm -rf "$work"
}

# Runs a shell command in root DIR with /proc, /dev (and /dev/pts) and DNS, without the caller's
# environment; `binds` (SOURCE:TARGET ...) are bound into it read-write.
in_root() {
    mount -t proc proc "$1/proc"
    mount --rbind /dev "$1/dev"
    mount --make-rslave "$1/dev"
    mounted="$1/proc $1/dev $mounted"
    for bind in ${binds:-}; do
        mkdir -p "$1${bind#*:}"
        mount --bind "${bind%%:*}" "$1${bind#*:}"
        mounted="$1${bind#*:} $mounted"
    done
    cp /etc/resolv.conf "$1/etc/resolv.conf"
    # pip (setup --test fetches axe-core from PyPI) trusts what the host trusts: a proxy on the
    # way may sign with a CA that only the host's bundle has.
    cp /etc/ssl/certs/ca-certificates.crt "$1/etc/host-ca-certificates.crt"
    chroot "$1" env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root TERM=dumb LANG=C.UTF-8 \
        PIP_CERT=/etc/host-ca-certificates.crt ${root_environment:-} sh -c "$2" </dev/null
}

# Unmounts what in_root mounted in DIR.
out_of_root() {
    kept=""
    for mount in $mounted; do
        case "$mount" in
            "$1"/*) mountpoint -q "$mount" && umount -R "$mount" ;;
            *) kept="$kept $mount" ;;
        esac
    done
    mounted=$kept
}

copy_tree() {
    mkdir -p "$1/src"
    git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$1/src"
}

# A throw-away overlay over the lower dirs LOWER (colon-separated, topmost first) at $work/merged.
overlay() {
    mkdir -p "$work/upper" "$work/overlay-work" "$work/merged"
    mount -t overlay overlay -o "lowerdir=$1,upperdir=$work/upper,workdir=$work/overlay-work" "$work/merged"
    mounted="$work/merged $mounted"
}

key() { sha256sum | cut -c1-12; }

# Makes $cache/NAME once, under a lock: MAKER is called with the folder to fill ("$cache/NAME.new");
# a half-made one from an interrupted run is removed first, unless something is still mounted in it.
# Folders matching OLD (older recipes' roots) unused for a week, and not mounted, are removed.
make_once() {
    mkdir -p "$cache"
    exec 9>"$cache/$1.lock"
    flock 9
    if [ ! -d "$cache/$1" ]; then
        if [ -e "$cache/$1.new" ]; then
            grep -q " $cache/$1.new/" /proc/mounts && { echo "roots: $cache/$1.new has mounts; unmount them first" >&2; exit 1; }
            rm -rf "$cache/$1.new"
        fi
        for old in $(find "$cache" -mindepth 1 -maxdepth 1 -type d -name "${3:-none}" -mtime +7); do
            grep -q " $old[/ ]" /proc/mounts || rm -rf "$old" "$old.lock"
        done
        mkdir -p "$cache/$1.new"
        "$2" "$cache/$1.new"
        mv "$cache/$1.new" "$cache/$1"
    fi
    touch "$cache/$1"
    exec 9>&-
}

# The Debian 13 root of scripts/trixie-build: minbase with everything the README's set-up installs
# (swiftlang, the libraries, the test tools: scripts/setup --test). Sets trixie_root to its path.
trixie_recipe="mmdebstrap --variant=minbase --include=ca-certificates trixie; scripts/setup --test"
ensure_trixie_root() {
    name=trixie-$( { echo "$trixie_recipe"; cat scripts/setup; } | key)
    make_once "$name" make_trixie_root "trixie-????????????" >&2
    trixie_root=$cache/$name
}
make_trixie_root() {
    command -v mmdebstrap >/dev/null 2>&1 || {
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap >/dev/null
    }
    echo "roots: making a Debian 13 root in $1 (about 3 minutes)" >&2
    roots_sources >"$work/sources"
    mmdebstrap --quiet --variant=minbase --include=ca-certificates trixie "$1" "$work/sources"
    copy_tree "$1"
    in_root "$1" "/src/scripts/setup --test && rm -rf /src /var/cache/apt/archives/*.deb"
    out_of_root "$1"
}

# What cross-compiling for arm64 adds to that root, as a layer of its own (an overlay's upper
# folder, used as a lower one): arm64 as a second architecture with the -dev libraries the build
# links or includes, binutils and qemu-user for arm64, and the arm64 Swift runtime of the same
# swiftlang unpacked into /opt/swift-arm64 (the two cannot be installed side by side: same paths).
# Sets cross_lower to the overlay's lower dirs (this layer, then the root).
cross_libraries="libasound2-dev libsndfile1-dev libmicrohttpd-dev libmosquitto-dev libqrencode-dev libespeak-ng-dev libical-dev libc6-dev libgcc-14-dev libstdc++-14-dev"
cross_recipe="dpkg --add-architecture arm64; $cross_libraries (arm64); binutils-aarch64-linux-gnu qemu-user; swiftlang libswiftlang (arm64) in /opt/swift-arm64"
ensure_cross_root() {
    ensure_trixie_root
    name=trixie-arm64-$( { echo "$trixie_root"; echo "$cross_recipe"; } | key)
    make_once "$name" make_cross_layer "trixie-arm64-????????????" >&2
    cross_lower=$cache/$name:$trixie_root
}
make_cross_layer() {
    echo "roots: adding arm64 to the Debian 13 root in $1 (about 2 minutes)" >&2
    # The overlay's work folder must be on the layer's file system.
    mkdir -p "$1.work" "$work/layer"
    mount -t overlay overlay -o "lowerdir=$trixie_root,upperdir=$1,workdir=$1.work" "$work/layer"
    mounted="$work/layer $mounted"
    libraries=$(for library in $cross_libraries; do printf '%s:arm64 ' "$library"; done)
    in_root "$work/layer" "dpkg --add-architecture arm64 && apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $libraries binutils-aarch64-linux-gnu qemu-user >/dev/null &&
        version=\$(dpkg-query -W -f='\${Version}' swiftlang) && cd /tmp &&
        apt-get download -qq swiftlang:arm64=\$version libswiftlang:arm64=\$version &&
        mkdir -p /opt/swift-arm64 && for deb in *swiftlang_*_arm64.deb; do dpkg-deb -x \$deb /opt/swift-arm64; done &&
        rm -f /tmp/*.deb /var/cache/apt/archives/*.deb"
    out_of_root "$work/layer"
    umount "$work/layer"
    out_of_root "$work"
    rm -rf "$1.work"
}

# Running arm64 programs in a root: qemu-user-static registered with binfmt_misc (with its F flag,
# so the emulator is found from inside a chroot too).
ensure_arm64_emulation() {
    for package in qemu-user-static binfmt-support; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || {
            echo "roots: installing qemu-user-static and binfmt-support" >&2
            apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends qemu-user-static binfmt-support >/dev/null
            break
        }
    done
    mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64
}

# A fresh arm64 Debian 13 minbase root as a tar, for installing the arm64 package in (about 4 minutes:
# the packages' scripts run emulated). Sets arm64_root_tar to its path.
arm64_recipe="mmdebstrap --variant=minbase --architectures=arm64 --format=tar trixie"
ensure_arm64_root_tar() {
    ensure_arm64_emulation
    name=arm64-trixie-$(echo "$arm64_recipe" | key)
    make_once "$name" make_arm64_root_tar "arm64-trixie-????????????" >&2
    arm64_root_tar=$cache/$name/root.tar
}
make_arm64_root_tar() {
    echo "roots: making an arm64 Debian 13 root in $1 (about 4 minutes)" >&2
    roots_sources >"$work/sources"
    mmdebstrap --quiet --variant=minbase --architectures=arm64 --format=tar trixie "$1/root.tar" "$work/sources"
}
