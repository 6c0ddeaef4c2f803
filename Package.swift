// swift-tools-version: 6.0
import PackageDescription

let faces: [Target.Dependency] = ["FaceControl", "FaceTerminal", "FaceWeb", "FaceMQTT", "FaceHousehold", "FaceHooks", "FaceEventsFile", "FaceInput"]
let libraries: [Target.Dependency] = ["AlarmCore", "AlarmAudio", "AlarmRuntime", "MQTTClient", "AlarmCLI"] + faces

// Each function in its own section, so that the release link can lay out the ones that run
// together (see the executable's text.order).
let sections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]

@MainActor func layer(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .target(name: name, dependencies: dependencies, swiftSettings: sections)
}

/// A face: over the core and the runtime's `FaceHost`, and its own libraries.
@MainActor func face(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    layer(name, ["AlarmCore", "AlarmRuntime"] + dependencies)
}

@MainActor func unitTests(_ target: String, exclude: [String] = []) -> Target {
    .testTarget(name: target + "Tests", dependencies: libraries + ["AudioTestSupport", "UnitTestSupport"], exclude: exclude)
}

let package = Package(
    name: "alarmplay",
    products: [
        .executable(name: "alarmplay", targets: ["alarmplay"]),
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
        // The version: one string constant, which scripts/package sets from git (no library, no I/O).
        .systemLibrary(name: "CVersion"),
        // The layers, each a target that can only see what it depends on: the core has no I/O and
        // imports no C module but CVersion's constant; audio and the runtime build on it; each face sees the core and the
        // runtime's FaceHost, never another face; the CLI composes them all.
        layer("AlarmCore", ["CVersion"]),
        layer("AlarmAudio", ["AlarmCore", "CALSA", "CSndFile", "CEspeak", "CLinuxShims"]),
        layer("AlarmRuntime", ["AlarmCore", "AlarmAudio", "CICal", "CLinuxShims"]),
        layer("MQTTClient", ["AlarmCore", "AlarmRuntime", "CMosquitto"]),
        face("FaceControl", ["CLinuxShims"]),
        face("FaceTerminal", ["CLinuxShims"]),
        face("FaceWeb", ["CMicroHTTPD", "CQRencode"]),
        face("FaceMQTT", ["MQTTClient"]),
        face("FaceHousehold", ["MQTTClient"]),
        face("FaceHooks", ["CLinuxShims"]),
        face("FaceEventsFile", []),
        face("FaceInput", ["CLinuxShims"]),
        layer("AlarmCLI", ["AlarmCore", "AlarmAudio", "AlarmRuntime", "CLinuxShims"] + faces),
        .executableTarget(
            name: "alarmplay",
            dependencies: ["AlarmCLI"],
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
        .executableTarget(name: "tone-bench", dependencies: ["AlarmCore", "AlarmAudio"], path: "bench/ToneBench"),
        .target(name: "AudioTestSupport", path: "Tests/AudioTestSupport"),
        .target(name: "UnitTestSupport", dependencies: libraries, path: "Tests/UnitTestSupport"),
        // One unit-test target per library target, laid out as it is.
        unitTests("AlarmCore", exclude: ["Schedule/Corpus"]),
        unitTests("AlarmAudio"), unitTests("AlarmRuntime"), unitTests("MQTTClient"), unitTests("AlarmCLI"),
        unitTests("FaceTerminal"), unitTests("FaceWeb"), unitTests("FaceMQTT"), unitTests("FaceHousehold"), unitTests("FaceInput"),
        .testTarget(
            name: "EndToEndTests",
            dependencies: libraries + ["AudioTestSupport"],
            exclude: ["Support/station.py", "Support/brightness.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
