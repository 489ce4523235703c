import AlmanacCore
import AlmanacRender

/// The page script as browsers load it: one file, `assets/almanac.js`, joined at build from
/// parts of one subject each (`assets/almanac/10-text.js`, `assets/almanac/60-filters.js` …).
/// One file keeps a page to one request, works from `file://` and under the strict policy;
/// parts keep each subject small enough to read and to test alone (`node --test`).
///
/// The parts are joined in the order of their names, inside one function that first sets
/// `contract`, what the build must agree on with the script (`BrowserContract`), so a part
/// declares what the later ones use and nothing reaches `window`. Those numbered below 10
/// ready the page; the rest run inside `start(main)`, once the page is ready. A site overrides one part by
/// placing a file of its name in its own `Templates/assets/almanac/`, adds one by a new name,
/// or replaces the whole script with its own `Templates/assets/almanac.js`.
enum PageScript {
    static let name = "assets/almanac.js"
    static let partsFolder = "assets/almanac/"

    /// A part numbered below 10 readies the page (`05-row-data.js`), and one of them defines
    /// `whenReady(start)`; the others are the engine, joined as `start(main)`, the page's
    /// listing handed in: begun once, when the page is ready, by name and never by a global.
    static func readiesThePage(_ path: String) -> Bool {
        let name = path.dropFirst(partsFolder.count)
        guard let number = Int(name.prefix { $0.isNumber }) else { return false }
        return number < 10
    }

    static func isPart(_ path: String) -> Bool {
        path.hasPrefix(partsFolder) && path.hasSuffix(".js") && !path.dropFirst(partsFolder.count).contains("/")
    }

    /// The script from `files` (every template and asset by its path, the site's own over the
    /// built-in ones): a whole `assets/almanac.js` if there is one, after the contract as
    /// today's pages expect it; otherwise the parts, joined.
    static func join(_ files: [String: [UInt8]]) -> [UInt8] {
        if let whole = files[name] {
            return Array(BrowserContract.script().utf8) + whole
        }
        var script = Array("(function almanac() {\n'use strict';\nconst contract = \(BrowserContract.json());\n".utf8)
        let parts = files.keys.filter(isPart).sorted()
        func append(_ part: String) {
            script += Array("\n// ---- \(part.dropFirst(partsFolder.count)) ----\n".utf8)
            script += files[part] ?? []
            if script.last != UInt8(ascii: "\n") { script.append(UInt8(ascii: "\n")) }
        }
        parts.filter(readiesThePage).forEach(append)
        script += Array("\nconst start = (main) => {\n".utf8)
        parts.filter { !readiesThePage($0) }.forEach(append)
        return script + Array("};\nwhenReady(start);\n})();\n".utf8)
    }

    /// What in the site's own templates has no effect on the script: its parts, beside a whole
    /// `assets/almanac.js` of its own.
    static func unusedParts(overrides: [String: [UInt8]], overrideRoot: String) -> [Diagnostic] {
        guard overrides[name] != nil else { return [] }
        return overrides.keys.filter(isPart).sorted().map { part in
            .warning(
                at: SourceLocation(path: Path.join(overrideRoot, part)),
                "this part of the page script has no effect: \(Path.join(overrideRoot, name)) replaces the whole script",
                hint: "remove one of them: a part changes one subject of the built-in script, \(name) replaces all of it")
        }
    }
}
