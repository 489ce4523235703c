// swift-tools-version:6.0
// The parsers alone, for libFuzzer: `make fuzz` builds this package with
// `-sanitize=fuzzer,address`. It holds no build-tool plugin (the main package embeds its
// templates with one, whose own `main` the fuzzer flag would clash with), and its targets are
// the main package's own sources, linked in by `Sources/` symlinks. The built-in templates the
// model reads (its strings tables) are embedded by `make fuzz-build` into `Generated/`, with the
// main package's embedder, run before this package is built.
import PackageDescription

let package = Package(
    name: "AlmanacFuzz",
    products: [.executable(name: "almanac-fuzz", targets: ["AlmanacFuzz"])],
    targets: [
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1"),
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .target(name: "CRename"),
        .target(name: "CBuildID"),
        .target(name: "AlmanacCore", dependencies: ["CRename", "CBuildID"]),
        .target(name: "AlmanacLoad", dependencies: ["AlmanacCore", "CYAML"]),
        .target(name: "AlmanacDefaults", path: "Generated/AlmanacDefaults"),
        .target(name: "AlmanacModel", dependencies: ["AlmanacCore", "AlmanacLoad", "AlmanacDefaults", "CICU"]),
        .target(name: "AlmanacTemplate", dependencies: ["AlmanacCore"]),
        .target(name: "AlmanacEdit", dependencies: ["AlmanacCore", "AlmanacLoad", "AlmanacModel"]),
        .executableTarget(name: "AlmanacFuzz", dependencies: ["AlmanacCore", "AlmanacLoad", "AlmanacModel", "AlmanacTemplate", "AlmanacEdit"]),
    ]
)
