import AlmanacCore
import AlmanacLoad
import AlmanacRender

/// The cache file, written straight to bytes in the shape `JSONDecoder` reads back as
/// `BuildCache.Stored`: at 100,000 rows it names every one of 106,000 files, most with a key of
/// its own, and building a `Value` tree of that first cost a tenth of a second and tens of
/// megabytes after the output was already in place. Keys are in order, those of maps sorted by
/// their UTF-8 bytes, so the same build writes the same file.
extension BuildCache {
    func fileBytes(format: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(keys.count * 96 + pages.count * 256 + 4096)
        output += #"{"build":"#.utf8
        JSONWriter.quote(build, into: &output)
        output += #","contentKeys":"#.utf8
        Self.write(contentKeys, into: &output) { key, output in JSONWriter.quote(key, into: &output) }
        output += #","extraFiles":"#.utf8
        Self.write(extraFiles, into: &output, Self.writePaths)
        output += (#","format":"# + String(format)).utf8
        output += #","global":"#.utf8
        JSONWriter.quote(global, into: &output)
        output += #","pages":"#.utf8
        Self.write(pages, into: &output) { page, output in
            output += #"{"details":"#.utf8
            JSONWriter.quote(page.details, into: &output)
            output += #","key":"#.utf8
            JSONWriter.quote(page.key, into: &output)
            output += #","layout":"#.utf8
            JSONWriter.quote(page.layout, into: &output)
            output += #","listingKey":"#.utf8
            JSONWriter.quote(page.listingKey, into: &output)
            output += (#","rowCount":"# + String(page.rowCount)).utf8
            output += #","title":"#.utf8
            JSONWriter.quote(page.title, into: &output)
            output += #","units":"#.utf8
            Self.write(page.units, into: &output, Self.writePaths)
            output.append(UInt8(ascii: "}"))
        }
        output += #","site":"#.utf8
        Self.write(site, into: &output, Self.writePaths)
        output += #","splices":"#.utf8
        Self.write(splices, into: &output) { splice, output in
            output += (#"{"isEscaped":"# + (splice.isEscaped ? "true" : "false")).utf8
            output += (#","length":"# + String(splice.length)).utf8
            output += (#","start":"# + String(splice.start)).utf8
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// A JSON object of `items`, its names in UTF-8 order.
    private static func write<Item>(_ items: [String: Item], into output: inout [UInt8], _ value: (Item, inout [UInt8]) -> Void) {
        output.append(UInt8(ascii: "{"))
        for (index, name) in items.keys.sorted(by: { $0.precedesInUTF8($1) }).enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.quote(name, into: &output)
            output.append(UInt8(ascii: ":"))
            if let item = items[name] { value(item, &output) }
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func writePaths(_ paths: [String], into output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, path) in paths.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.quote(path, into: &output)
        }
        output.append(UInt8(ascii: "]"))
    }
}

/// Reading the file back: through the loader's JSON reader and then by hand rather than
/// `JSONDecoder`, which took over a second for the 8 MB file of a 100,000-row site — most of an
/// unchanged rebuild's reading time. Anything not in the shape `fileBytes` writes reads as nil,
/// and the build goes without the cache.
extension BuildCache {
    static func stored(from bytes: [UInt8]) -> Stored? {
        guard case .object(let file)? = try? JSONReader().read(bytes, path: "build-cache.json") else { return nil }
        var stored = Stored(format: -1, global: "", build: "", pages: [:], site: [:], extraFiles: [:], contentKeys: [:], splices: [:])
        for field in file.fields {
            switch (field.name, field.value) {
            case ("format", .number(let number)): stored.format = Int(number.value)
            case ("global", .string(let text)): stored.global = text
            case ("build", .string(let text)): stored.build = text
            case ("site", let value): guard let groups = pathGroups(value) else { return nil }; stored.site = groups
            case ("extraFiles", let value): guard let groups = pathGroups(value) else { return nil }; stored.extraFiles = groups
            case ("contentKeys", .object(let keys)):
                for key in keys.fields {
                    guard case .string(let text) = key.value else { return nil }
                    stored.contentKeys[key.name] = text
                }
            case ("pages", .object(let pages)):
                for page in pages.fields {
                    guard let read = self.page(page.value) else { return nil }
                    stored.pages[page.name] = read
                }
            case ("splices", .object(let splices)):
                for splice in splices.fields {
                    guard let read = self.splice(splice.value) else { return nil }
                    stored.splices[splice.name] = read
                }
            default: return nil
            }
        }
        return stored
    }

    private static func pathGroups(_ value: Value) -> [String: [String]]? {
        guard case .object(let groups) = value else { return nil }
        var result: [String: [String]] = [:]
        result.reserveCapacity(groups.fields.count)
        for group in groups.fields {
            guard case .list(let items) = group.value else { return nil }
            var paths: [String] = []
            paths.reserveCapacity(items.count)
            for item in items {
                guard case .string(let path) = item else { return nil }
                paths.append(path)
            }
            result[group.name] = paths
        }
        return result
    }

    private static func page(_ value: Value) -> Page? {
        guard case .object(let object) = value else { return nil }
        var page = Page(key: "", details: "", layout: "", listingKey: "", title: "", rowCount: 0, units: [:])
        for field in object.fields {
            switch (field.name, field.value) {
            case ("key", .string(let text)): page.key = text
            case ("details", .string(let text)): page.details = text
            case ("layout", .string(let text)): page.layout = text
            case ("listingKey", .string(let text)): page.listingKey = text
            case ("title", .string(let text)): page.title = text
            case ("rowCount", .number(let number)): page.rowCount = Int(number.value)
            case ("units", let units): guard let groups = pathGroups(units) else { return nil }; page.units = groups
            default: return nil
            }
        }
        return page
    }

    private static func splice(_ value: Value) -> ProseSplice? {
        guard case .object(let object) = value else { return nil }
        var start: Int?, length: Int?, isEscaped: Bool?
        for field in object.fields {
            switch (field.name, field.value) {
            case ("start", .number(let number)): start = Int(number.value)
            case ("length", .number(let number)): length = Int(number.value)
            case ("isEscaped", .bool(let flag)): isEscaped = flag
            default: return nil
            }
        }
        guard let start, let length, let isEscaped else { return nil }
        return ProseSplice(start: start, length: length, isEscaped: isEscaped)
    }
}
