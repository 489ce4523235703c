import AlmanacCore
import AlmanacRender

/// The cache file written by hand, in the shape `JSONDecoder` reads back as `BuildCache.Stored`:
/// at 100,000 rows it names every one of 106,000 files, and `JSONEncoder` took a third of a
/// second to write them, after the output was already in place. Keys are sorted by their
/// UTF-8 bytes, so the same build writes the same file.
struct BuildCacheFile {
    private(set) var bytes: [UInt8] = []

    init(format: Int, cache: BuildCache) {
        object([
            ("build", { $0.string(cache.build) }),
            ("extraFiles", { $0.groups(cache.extraFiles) }),
            ("format", { $0.number(format) }),
            ("global", { $0.string(cache.global) }),
            ("pages", { file in file.map(cache.pages) { file, page in file.page(page) } }),
            ("site", { $0.groups(cache.site) }),
            ("splices", { file in file.map(cache.splices) { file, splice in file.splice(splice) } }),
        ])
    }

    private mutating func page(_ page: BuildCache.Page) {
        object([
            ("details", { $0.string(page.details) }),
            ("key", { $0.string(page.key) }),
            ("layout", { $0.string(page.layout) }),
            ("listingKey", { $0.string(page.listingKey) }),
            ("rowCount", { $0.number(page.rowCount) }),
            ("title", { $0.string(page.title) }),
            ("units", { $0.groups(page.units) }),
        ])
    }

    private mutating func splice(_ splice: ProseSplice) {
        object([
            ("isEscaped", { $0.bytes += (splice.isEscaped ? "true" : "false").utf8 }),
            ("length", { $0.number(splice.length) }),
            ("start", { $0.number(splice.start) }),
        ])
    }

    /// Fields already in key order.
    private mutating func object(_ fields: [(String, (inout BuildCacheFile) -> Void)]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(name)
            bytes.append(UInt8(ascii: ":"))
            value(&self)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func map<Value>(_ values: [String: Value], _ write: (inout BuildCacheFile, Value) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        for (index, (key, value)) in values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
            bytes.append(UInt8(ascii: ":"))
            write(&self, value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func groups(_ groups: [String: [String]]) {
        map(groups) { file, paths in
            file.bytes.append(UInt8(ascii: "["))
            for (index, path) in paths.enumerated() {
                if index > 0 { file.bytes.append(UInt8(ascii: ",")) }
                file.string(path)
            }
            file.bytes.append(UInt8(ascii: "]"))
        }
    }

    private mutating func string(_ text: String) {
        JSONWriter.quote(text, into: &bytes)
    }

    private mutating func number(_ value: Int) {
        bytes += String(value).utf8
    }
}
