import AlmanacCore
import AlmanacRender

/// The cache file as `JSONWriter` writes it, in the shape `JSONDecoder` reads back as
/// `BuildCache.Stored`: at 100,000 rows it names every one of 106,000 files, and `JSONEncoder`
/// took a third of a second to write them, after the output was already in place. Keys are in
/// order, those of maps sorted by their UTF-8 bytes, so the same build writes the same file.
extension BuildCache {
    func fileBytes(format: Int) -> [UInt8] {
        let file: Value = .object(Object([
            "build": .string(build),
            "contentKeys": Self.map(contentKeys, Value.string),
            "extraFiles": Self.map(extraFiles, Self.paths),
            "format": .number(Number(format)),
            "global": .string(global),
            "pages": Self.map(pages) { page in
                .object(Object([
                    "details": .string(page.details),
                    "key": .string(page.key),
                    "layout": .string(page.layout),
                    "listingKey": .string(page.listingKey),
                    "rowCount": .number(Number(page.rowCount)),
                    "title": .string(page.title),
                    "units": Self.map(page.units, Self.paths),
                ]))
            },
            "site": Self.map(site, Self.paths),
            "splices": Self.map(splices) { splice in
                .object(Object([
                    "isEscaped": .bool(splice.isEscaped),
                    "length": .number(Number(splice.length)),
                    "start": .number(Number(splice.start)),
                ]))
            },
        ]))
        return JSONWriter(pretty: false).bytes(file)
    }

    private static func map<Item>(_ items: [String: Item], _ value: (Item) -> Value) -> Value {
        .object(Object(items.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { Object.Field(name: $0.key, value: value($0.value)) }))
    }

    private static func paths(_ paths: [String]) -> Value {
        .list(paths.map(Value.string))
    }
}
