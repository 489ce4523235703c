// swift-tools-version:6.0
// The pipeline is a chain of modules, one per stage (load → model → render → write), with the
// C libraries each wrapped once. See README.md for the tour and CONTRIBUTING.md for the layers.
import PackageDescription

let package = Package(
    name: "Almanac",
    products: [
        .executable(name: "almanac", targets: ["AlmanacMain"]),
        .executable(name: "almanac-fuzz", targets: ["AlmanacFuzz"]),
        .library(name: "Almanac", targets: ["Almanac"]),
    ],
    targets: [
        // C libraries from Debian, each imported by exactly one Swift module.
        .systemLibrary(
            name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // SHA-256 for the hashes a single-file page's Content-Security-Policy allows.
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // ICU's headers clash with Foundation's private ICU when imported into Swift, so the
        // few calls Foundation lacks (index letters, sort keys) live behind a plain-C header.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),

        // libmicrohttpd (Debian's libmicrohttpd-dev) for `almanac serve`, started from C because
        // starting it takes varargs.
        .target(name: "CHTTPServer", linkerSettings: [.linkedLibrary("microhttpd")]),
        // Ctrl-C for `almanac serve`, caught by a handler that is in place before it says so.
        .target(name: "CStopSignal"),

        // The atomic exchange of two paths, which glibc declares only for C under _GNU_SOURCE.
        .target(name: "CRename"),
        // The program's own build ID, so a rebuilt almanac never trusts an older one's output.
        .target(name: "CBuildID"),

        .target(name: "AlmanacCore", dependencies: ["CRename", "CBuildID"]),
        .target(name: "AlmanacLoad", dependencies: ["AlmanacCore", "CYAML"]),
        .target(name: "AlmanacModel", dependencies: ["AlmanacCore", "AlmanacLoad", "AlmanacDefaults", "CICU"]),
        .target(name: "AlmanacCommonMark", dependencies: ["CCmark"]),
        .target(name: "AlmanacTemplate", dependencies: ["AlmanacCore"]),
        // Reading the site: Content/, its settings, pages and data files, within its boundary.
        .target(name: "AlmanacSource", dependencies: ["AlmanacCore", "AlmanacLoad", "AlmanacModel", "AlmanacCommonMark", "AlmanacTemplate"]),
        .target(
            name: "AlmanacDefaults",
            plugins: [.plugin(name: "EmbedTemplates")]),
        .target(
            name: "AlmanacRender",
            dependencies: ["AlmanacCore", "AlmanacModel", "AlmanacTemplate", "AlmanacCommonMark", "CCrypto"]),
        .target(name: "AlmanacWrite", dependencies: ["AlmanacCore"]),
        // `almanac add` and `remove`: records spliced into data files in place, atomically.
        .target(name: "AlmanacEdit", dependencies: ["AlmanacCore", "AlmanacLoad", "AlmanacModel"]),
        // Test reports: results files read as runs, folded into tests, compared with a baseline
        // and a history, gated; what `render` of results adds to a one-page build.
        .target(name: "AlmanacReports", dependencies: ["AlmanacCore", "AlmanacLoad", "AlmanacModel"]),
        .target(
            name: "Almanac",
            dependencies: [
                "AlmanacCore", "AlmanacLoad", "AlmanacModel", "AlmanacCommonMark", "AlmanacSource",
                "AlmanacTemplate", "AlmanacDefaults", "AlmanacRender", "AlmanacWrite", "AlmanacEdit", "AlmanacReports",
            ]),
        // `almanac serve`: the built site over HTTP on loopback, rebuilt and reloaded on change.
        .target(name: "AlmanacServe", dependencies: ["Almanac", "AlmanacSource", "AlmanacCore", "AlmanacTemplate", "AlmanacDefaults", "CHTTPServer", "CStopSignal"]),
        .target(name: "AlmanacCLI", dependencies: ["Almanac", "AlmanacCore", "AlmanacModel", "AlmanacRender", "AlmanacEdit", "AlmanacReports", "AlmanacServe"]),
        .executableTarget(name: "AlmanacMain", dependencies: ["AlmanacCLI"]),
        // Every parser as a libFuzzer target (`make fuzz`), and a replayer of saved inputs.
        .executableTarget(name: "AlmanacFuzz", dependencies: ["AlmanacCore", "AlmanacLoad", "AlmanacModel", "AlmanacTemplate", "AlmanacEdit"]),

        // Build-time embedding of Templates/ so the binary needs nothing beside it.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates", capability: .buildTool(),
            dependencies: ["TemplateEmbedder"]),

        .target(
            name: "AlmanacTestSupport",
            dependencies: ["Almanac", "AlmanacCore"],
            path: "Tests/AlmanacTestSupport"),
        // Each test target names every module it imports, so a change to one rebuilds it.
        .testTarget(name: "AlmanacCoreTests", dependencies: ["AlmanacCore"]),
        .testTarget(name: "AlmanacLoadTests", dependencies: ["AlmanacLoad", "AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacModelTests", dependencies: ["AlmanacModel", "AlmanacLoad", "AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacCommonMarkTests", dependencies: ["AlmanacCommonMark"]),
        .testTarget(name: "AlmanacTemplateTests", dependencies: ["AlmanacTemplate", "AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacSourceTests", dependencies: ["AlmanacSource", "AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacRenderTests", dependencies: ["AlmanacRender", "AlmanacModel", "AlmanacTemplate", "AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacWriteTests", dependencies: ["AlmanacWrite", "AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacEditTests", dependencies: ["AlmanacEdit", "AlmanacCore", "AlmanacModel", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacReportsTests", dependencies: ["AlmanacReports", "AlmanacLoad", "AlmanacModel", "AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacTests", dependencies: ["Almanac", "AlmanacReports", "AlmanacSource", "AlmanacCore", "AlmanacModel", "AlmanacDefaults", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacCLITests", dependencies: ["AlmanacCLI", "Almanac", "AlmanacModel", "AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacServeTests", dependencies: ["AlmanacServe", "AlmanacCore", "AlmanacTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
