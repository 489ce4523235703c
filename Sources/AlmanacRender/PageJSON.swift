import AlmanacCore
import AlmanacModel

/// The JSON twin of a page: the same sections and rows, for machines.
///
/// Written straight to bytes, in the layout `JSONWriter` gives pretty-printed values: a
/// 100,000-row twin is a hundred megabytes, and building it as one `Value` tree first, then
/// growing one buffer by doubling, made it the build's largest use of memory. A build writes
/// it a few megabytes at a time (`write`), so at a million rows it is never held whole.
public enum PageJSON {
    public static func bytes(for page: Page, view: PageView) -> [UInt8] {
        // One piece, handed over without a copy; gathering into memory cannot fail.
        var whole: [UInt8] = []
        try? write(page, view: view, chunkSize: .max) { whole = $0 }
        return whole
    }

    /// Hands the twin to `append` in pieces of about `chunkSize` bytes.
    public static func write(_ page: Page, view: PageView, chunkSize: Int = 1 << 22, to append: ([UInt8]) throws -> Void) throws {
        var output: [UInt8] = []
        // A piece, and the row that takes it past `chunkSize`.
        let room = chunkSize > Int.max - (1 << 16) ? Int.max : chunkSize + (1 << 16)
        output.reserveCapacity(min(estimatedSize(of: page), room))
        // Rows are written inside closures that cannot throw: the first failure is kept, and
        // nothing more is handed on after it.
        var failure: Error?
        func flush(_ buffer: inout [UInt8]) {
            if failure == nil {
                do { try append(buffer) } catch { failure = error }
            }
            buffer.removeAll(keepingCapacity: true)
        }
        output += "{\n  \"title\": ".utf8
        JSONWriter.quote(page.title, into: &output)
        output += ",\n  \"count\": \(page.rowCount),".utf8
        if let summary = TestSummary.line(for: page) {
            output += "\n  \"summary\": ".utf8
            JSONWriter.quote(summary, into: &output)
            output.append(UInt8(ascii: ","))
        }
        // What the rows' fields are called, for a reader of the JSON to show them as the page does.
        output += "\n  \"labels\": {".utf8
        for (index, field) in ([page.labelField] + page.settings.fields.filter { $0 != page.labelField }).enumerated() {
            output += (index == 0 ? "\n    " : ",\n    ").utf8
            JSONWriter.quote(field, into: &output)
            output += ": ".utf8
            JSONWriter.quote(page.settings.label(for: field), into: &output)
        }
        output += "\n  },".utf8
        output += "\n  \"sections\": ".utf8
        list(Array(page.sections.indices), indent: 1, into: &output) { index, output in
            let section = page.sections[index]
            output += "{\n      \"id\": ".utf8
            JSONWriter.quote(section.id, into: &output)
            output += ",\n      \"title\": ".utf8
            JSONWriter.quote(section.title, into: &output)
            output += ",\n      \"header\": ".utf8
            text(view.headers[index], into: &output)
            output += ",\n      \"footer\": ".utf8
            text(view.footers[index], into: &output)
            output += ",\n      \"count\": \(section.rows.count),\n      \"rows\": ".utf8
            list(section.rows, indent: 3, into: &output) { row, output in
                self.row(row, into: &output)
                if output.count >= chunkSize { flush(&output) }
            }
            output += "\n    }".utf8
        }
        output += "\n}\n".utf8
        if let failure { throw failure }
        try append(output)
    }

    /// `{ label, slug, fields }` at the depth rows sit in the twin.
    static func row(_ row: Row, into output: inout [UInt8]) {
        output += "{\n          \"label\": ".utf8
        JSONWriter.quote(row.label, into: &output)
        output += ",\n          \"slug\": ".utf8
        JSONWriter.quote(row.slug, into: &output)
        output += ",\n          \"fields\": ".utf8
        JSONWriter().append(.object(row.record.fields), into: &output, indent: 5)
        output += "\n        }".utf8
    }

    /// A list as `JSONWriter` writes one at `indent`: `[]` when empty.
    static func list<Item>(_ items: [Item], indent: Int, into output: inout [UInt8], _ item: (Item, inout [UInt8]) -> Void) {
        guard !items.isEmpty else {
            output += "[]".utf8
            return
        }
        let itemIndent = [0x0A] + [UInt8](repeating: 0x20, count: (indent + 1) * 2)
        output.append(UInt8(ascii: "["))
        for (index, element) in items.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output += itemIndent
            item(element, &output)
        }
        output.append(0x0A)
        output += repeatElement(0x20, count: indent * 2)
        output.append(UInt8(ascii: "]"))
    }

    static func text(_ text: String?, into output: inout [UInt8]) {
        if let text { JSONWriter.quote(text, into: &output) } else { output += "null".utf8 }
    }

    /// The first rows' size times the row count, so the buffer is allocated once.
    static func estimatedSize(of page: Page) -> Int {
        var sample: [UInt8] = []
        var sampled = 0
        for section in page.sections {
            for sampledRow in section.rows.prefix(64 - sampled) { row(sampledRow, into: &sample) }
            sampled += min(section.rows.count, 64 - sampled)
            if sampled == 64 { break }
        }
        guard sampled > 0 else { return 4096 }
        // Twice the estimate: the unused end of a large buffer is never made resident.
        return 4096 + page.sections.count * 256 + sample.count / sampled * page.rowCount * 2
    }
}
