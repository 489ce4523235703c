import AlmanacCore
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
        for (index, name) in items.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
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
