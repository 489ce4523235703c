import AlmanacCore
import AlmanacLoad
import AlmanacRender

/// The cache file, written straight to bytes in the shape `stored(from:)` reads back: at
/// 100,000 rows it names every one of 106,000 files, most with a key of its own, and building
/// a `Value` tree of that first cost a tenth of a second and tens of megabytes after the output
/// was already in place. It goes to the file a megabyte at a time, so the end of a build, when
/// memory is at its highest, does not also hold the whole file. Keys are in order, those of
/// maps sorted by their UTF-8 bytes, so the same build writes the same file.
extension BuildCache {
    func writeFile(format: Int, to append: ([UInt8]) throws -> Void) throws {
        try withoutActuallyEscaping(append) { append in
            var output = Chunks(append: append)
            try write(format: format, into: &output)
            try append(output.bytes)
        }
    }

    /// Bytes handed on whenever a megabyte has gathered.
    private struct Chunks {
        var bytes: [UInt8] = []
        let append: ([UInt8]) throws -> Void

        init(append: @escaping ([UInt8]) throws -> Void) {
            self.append = append
            bytes.reserveCapacity(Self.size + 4096)
        }

        static let size = 1 << 20

        mutating func handOnIfFull() throws {
            guard bytes.count >= Self.size else { return }
            try append(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    private func write(format: Int, into output: inout Chunks) throws {
        output.bytes += #"{"build":"#.utf8
        JSONWriter.quote(build, into: &output.bytes)
        output.bytes += #","contentKeys":"#.utf8
        try Self.write(contentKeys, into: &output) { key, output in JSONWriter.quote(key, into: &output.bytes) }
        output.bytes += #","extraFiles":"#.utf8
        try Self.write(extraFiles, into: &output, Self.writePaths)
        output.bytes += (#","format":"# + String(format)).utf8
        output.bytes += #","global":"#.utf8
        JSONWriter.quote(global, into: &output.bytes)
        output.bytes += #","pages":"#.utf8
        try Self.write(pages, into: &output, Self.writePage)
        output.bytes += #","site":"#.utf8
        try Self.write(site, into: &output, Self.writePaths)
        output.bytes += #","splices":"#.utf8
        try Self.write(splices, into: &output) { splice, output in
            output.bytes += (#"{"isEscaped":"# + (splice.isEscaped ? "true" : "false")).utf8
            output.bytes += (#","length":"# + String(splice.length)).utf8
            output.bytes += (#","start":"# + String(splice.start)).utf8
            output.bytes.append(UInt8(ascii: "}"))
        }
        output.bytes.append(UInt8(ascii: "}"))
    }

    private static func writePage(_ page: Page, into output: inout Chunks) throws {
        output.bytes += #"{"details":"#.utf8
        JSONWriter.quote(page.details, into: &output.bytes)
        output.bytes += #","key":"#.utf8
        JSONWriter.quote(page.key, into: &output.bytes)
        output.bytes += #","layout":"#.utf8
        JSONWriter.quote(page.layout, into: &output.bytes)
        output.bytes += #","listingKey":"#.utf8
        JSONWriter.quote(page.listingKey, into: &output.bytes)
        output.bytes += (#","rowCount":"# + String(page.rowCount)).utf8
        output.bytes += #","title":"#.utf8
        JSONWriter.quote(page.title, into: &output.bytes)
        output.bytes += #","units":"#.utf8
        // Each file's path, then its key, in unit order.
        output.bytes.append(UInt8(ascii: "["))
        for (index, unit) in page.units.enumerated() {
            if index > 0 { output.bytes.append(UInt8(ascii: ",")) }
            JSONWriter.quote(unit.path, into: &output.bytes)
            output.bytes.append(UInt8(ascii: ","))
            JSONWriter.quote(unit.key, into: &output.bytes)
            try output.handOnIfFull()
        }
        output.bytes += "]}".utf8
    }

    /// A JSON object of `items`, its names in UTF-8 order.
    private static func write<Item>(
        _ items: [String: Item], into output: inout Chunks, _ value: (Item, inout Chunks) throws -> Void
    ) throws {
        output.bytes.append(UInt8(ascii: "{"))
        for (index, name) in items.keys.sorted(by: { $0.precedesInUTF8($1) }).enumerated() {
            if index > 0 { output.bytes.append(UInt8(ascii: ",")) }
            JSONWriter.quote(name, into: &output.bytes)
            output.bytes.append(UInt8(ascii: ":"))
            if let item = items[name] { try value(item, &output) }
            try output.handOnIfFull()
        }
        output.bytes.append(UInt8(ascii: "}"))
    }

    private static func writePaths(_ paths: [String], into output: inout Chunks) throws {
        output.bytes.append(UInt8(ascii: "["))
        for (index, path) in paths.enumerated() {
            if index > 0 { output.bytes.append(UInt8(ascii: ",")) }
            JSONWriter.quote(path, into: &output.bytes)
        }
        output.bytes.append(UInt8(ascii: "]"))
        try output.handOnIfFull()
    }
}

/// Reading the file back: through the loader's JSON reader and then by hand rather than
/// `JSONDecoder`, which took over a second for the 8 MB file of a 100,000-row site — most of an
/// unchanged rebuild's reading time. Anything not in the shape `writeFile` writes reads as nil,
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
        var page = Page(key: "", details: "", layout: "", listingKey: "", title: "", rowCount: 0, units: [])
        for field in object.fields {
            switch (field.name, field.value) {
            case ("key", .string(let text)): page.key = text
            case ("details", .string(let text)): page.details = text
            case ("layout", .string(let text)): page.layout = text
            case ("listingKey", .string(let text)): page.listingKey = text
            case ("title", .string(let text)): page.title = text
            case ("rowCount", .number(let number)): page.rowCount = Int(number.value)
            case ("units", .list(let items)):
                guard items.count % 2 == 0 else { return nil }
                page.units.reserveCapacity(items.count / 2)
                for index in stride(from: 0, to: items.count, by: 2) {
                    guard case .string(let path) = items[index], case .string(let key) = items[index + 1] else { return nil }
                    page.units.append(Page.Unit(path: path, key: key))
                }
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
