// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "alarmplay",
    products: [
        .executable(name: "alarmplay", targets: ["alarmplay"]),
        .library(name: "AlarmPlayKit", targets: ["AlarmPlayKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .systemLibrary(
            name: "CSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]
        ),
        // The page's, MQTT's, speech's, QR codes' and calendars' libraries: headers only (the -dev packages),
        // nothing linked; each is loaded with dlopen when its face or provider is first used.
        .systemLibrary(name: "CMicroHTTPD"),
        .systemLibrary(name: "CMosquitto"),
        .systemLibrary(name: "CEspeak"),
        .systemLibrary(name: "CQRencode"),
        .systemLibrary(name: "CICal"),
        // Linux headers Glibc's module map leaves out (timerfd, inotify, flock details).
        .systemLibrary(name: "CLinuxShims"),
        .target(
            name: "AlarmPlayKit",
            dependencies: ["CALSA", "CSndFile", "CLinuxShims", "CEspeak", "CMicroHTTPD", "CMosquitto", "CQRencode", "CICal"],
            // Each function in its own section, so that the release link can lay out the ones that
            // run together (see the executable's text.order).
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "alarmplay",
            dependencies: ["AlarmPlayKit"],
            // Start-up is most of a short command's cost: packed relative relocations (lld's RELR,
            // glibc 2.36 and later) are a few KB to read instead of half a MB, and the binary
            // exports none of its own symbols, so the loader's symbol lookups and the runtime's
            // dladdr calls do not walk thousands of them. The functions that start-up and playback
            // run are laid out together (text.order, written by scripts/order-text), so the pages
            // the kernel maps around each one touched hold code that runs, not 4 MB that never does.
            exclude: ["text.order"],
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                     "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/Sources/alarmplay/text.order",
                     "-Xlinker", "--no-warn-symbol-ordering"],
                    .when(configuration: .release))
            ]
        ),
        .executableTarget(name: "tone-bench", dependencies: ["AlarmPlayKit"], path: "bench/ToneBench"),
        .target(name: "AudioTestSupport", path: "Tests/AudioTestSupport"),
        .testTarget(
            name: "AlarmPlayKitTests",
            dependencies: ["AlarmPlayKit", "AudioTestSupport"],
            exclude: ["Schedule/Corpus"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["AlarmPlayKit", "AudioTestSupport"],
            exclude: ["Support/station.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
