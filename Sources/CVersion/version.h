#ifndef ALARMPLAY_VERSION_H
#define ALARMPLAY_VERSION_H

/* alarmplay's release, kept only here: scripts/version reads this line as written. */
#define ALARMPLAY_RELEASE "0.1.0"

/* A build of a commit after the release is RELEASE+gitDATE.COUNT.HASH, computed by scripts/version from
   git and passed by scripts/package and scripts/run as -Xcc -DALARMPLAY_BUILD_VERSION="…": a header
   constant, because Swift has no string-valued build setting. A plain `swift build` is the release. */
static inline const char *alarmplay_version(void) {
#ifdef ALARMPLAY_BUILD_VERSION
    return ALARMPLAY_BUILD_VERSION;
#else
    return ALARMPLAY_RELEASE;
#endif
}

#endif
