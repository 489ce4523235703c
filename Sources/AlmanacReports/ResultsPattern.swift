import AlmanacCore
#if canImport(Glibc)
import Glibc
#endif

/// A results path the shell did not expand: `reports/*.xml` reaches `render` as written when it
/// matched nothing (or was quoted), and a CI job whose tests wrote no results would then stop at
/// "cannot read" with no report at all. Expanded here instead, `*`, `?` and `[…]` within a name
/// and `**` across folders, it may match nothing, and the report says that no results were found.
public enum ResultsPattern {
    public static func isPattern(_ path: String) -> Bool {
        path.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The files `path` names, sorted; `path` itself where it is no pattern or names a file.
    public static func expand(_ path: String, fileSystem: any FileSystem) -> [String] {
        guard isPattern(path), !fileSystem.exists(path) else { return [path] }
        let isAbsolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").map(String.init)
        var found: [String] = []
        walk(isAbsolute ? "/" : "", parts[...], fileSystem: fileSystem, into: &found)
        return Array(Set(found)).sorted()
    }

    private static func walk(_ folder: String, _ parts: ArraySlice<String>, fileSystem: any FileSystem, into found: inout [String]) {
        guard let part = parts.first else {
            if !folder.isEmpty && !fileSystem.isDirectory(folder) { found.append(folder) }
            return
        }
        let rest = parts.dropFirst()
        if !isPattern(part) {
            let next = folder.isEmpty ? part : Path.join(folder, part)
            if fileSystem.exists(next) { walk(next, rest, fileSystem: fileSystem, into: &found) }
            return
        }
        let names = ((try? fileSystem.contents(ofDirectory: folder.isEmpty ? "." : folder)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let next = folder.isEmpty ? name : Path.join(folder, name)
            if part == "**" {
                if fileSystem.isDirectory(next) { walk(next, parts, fileSystem: fileSystem, into: &found) }
            } else if fnmatch(part, name, 0) == 0 {
                walk(next, rest, fileSystem: fileSystem, into: &found)
            }
        }
        // `**` also stands for no folder at all.
        if part == "**" { walk(folder, rest, fileSystem: fileSystem, into: &found) }
    }
}
